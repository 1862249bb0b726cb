import { type ExpressionBuilder, sql } from "kysely";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { QUEUE_TYPES } from "@common/entry-status";
import type { Db } from "../../db/kysely";
import type { Database } from "../../db/schema";
import type { FilesTable } from "../../db/tables/files";

export type FileRow = FilesTable;

/** Files whose bytes are on storage. */
const STORED_STATUSES = ["pending", "clean", "error"] as const;
/** Files whose bytes are still coming or still being scanned: they count as pending whether used or not. */
const UNSETTLED_STATUSES = ["awaiting_upload", "uploading", "pending"] as const;

/** Who uses a file: the entries (any status) and drafts that carry it. */
export interface FileUsers {
  entries: { user_id: string; owner_id: string | null }[];
  draftOwners: string[];
}

export function createFilesRepository(db: Db) {
  type FileAlias = ExpressionBuilder<Database & { f: FilesTable }, "f">;
  /** No entry (whatever its status) and no draft carries the file `f`. */
  const unused = (eb: FileAlias) =>
    eb.not(
      eb.or([
        eb.exists(eb.selectFrom("submissions as s").select("s.id").whereRef("s.file_key", "=", "f.key")),
        eb.exists(eb.selectFrom("drafts as d").select("d.user_id").whereRef("d.file_key", "=", "f.key")),
      ]),
    );

  /** Stored files no entry or draft uses, stored (or presigned) before `before`. */
  const unattachedFiles = (before: string) =>
    db
      .selectFrom("files as f")
      .where("f.deleted_at", "is", null)
      .where("f.status", "in", STORED_STATUSES)
      .where((eb) => eb(eb.fn.coalesce("f.uploaded_at", "f.created_at"), "<", before))
      .where(unused);

  /** Files holding space that nobody has used yet, or whose bytes are not yet scanned. */
  const pendingFiles = () =>
    db
      .selectFrom("files as f")
      .where("f.deleted_at", "is", null)
      .where((eb) => eb.or([eb("f.status", "in", UNSETTLED_STATUSES), eb.and([eb("f.status", "=", "clean"), unused(eb)])]));
  /**
   * Files no live entry points to, whose last entry left the queue (or that were never used) before
   * `cutoff`. Used both to find candidates and, inside the delete, to re-check one at the last moment.
   */
  const expiredFiles = (cutoff: string) =>
    db
      .selectFrom("files as f")
      .where("f.deleted_at", "is", null)
      .where("f.status", "in", STORED_STATUSES)
      .where("f.created_at", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("submissions as s")
              .select("s.id")
              .whereRef("s.file_key", "=", "f.key")
              .where((eb) => eb.or([eb("s.status", "in", QUEUE_TYPES), eb(eb.fn.coalesce("s.played_at", "s.removed_at", "s.submitted_at"), ">=", cutoff)])),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("drafts as d").select("d.user_id").whereRef("d.file_key", "=", "f.key"))));

  return {
    async insert(row: Pick<FileRow, "key" | "original_name" | "declared_type" | "status" | "created_at" | "uploader_id" | "uploader_address" | "reserved_bytes">): Promise<void> {
      await db
        .insertInto("files")
        .values({ ...row, scan_attempts: 0 })
        .execute();
    },

    /**
     * Bytes held by pending files (still coming, not yet scanned, or clean and used by nobody), from one
     * address or from everyone, and when the oldest of them was asked for.
     */
    async pendingBytes(address?: string): Promise<{ bytes: number; oldest: string | null }> {
      let query = pendingFiles();
      if (address !== undefined) query = query.where("f.uploader_address", "=", address);
      const row = await query
        .select((eb) => [
          eb.fn.sum<string | number | null>(eb.fn.coalesce("f.size", "f.reserved_bytes", sql.lit(MAX_UPLOAD_BYTES))).as("bytes"),
          eb.fn.min<string | null>("f.created_at").as("oldest"),
        ])
        .executeTakeFirst();
      return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
    },

    async usersOf(key: string): Promise<FileUsers> {
      const [entries, drafts] = await Promise.all([
        db.selectFrom("submissions").select(["user_id", "owner_id"]).where("file_key", "=", key).execute(),
        db.selectFrom("drafts").select("user_id").where("file_key", "=", key).execute(),
      ]);
      return { entries, draftOwners: drafts.map((draft) => draft.user_id) };
    },

    async find(key: string): Promise<FileRow | undefined> {
      return db.selectFrom("files").selectAll().where("key", "=", key).executeTakeFirst();
    },

    async findMany(keys: string[]): Promise<Pick<FileRow, "key" | "status" | "duration_seconds">[]> {
      if (keys.length === 0) return [];
      return db.selectFrom("files").select(["key", "status", "duration_seconds"]).where("key", "in", keys).execute();
    },

    /** Moves a file from one upload state to the next only if it is still in `from`; false when it was not. */
    async moveUploadState(key: string, from: FileRow["status"], to: FileRow["status"]): Promise<boolean> {
      const result = await db.updateTable("files").set({ status: to }).where("key", "=", key).where("status", "=", from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markStored(key: string, size: number, uploadedAt: string): Promise<void> {
      await db.updateTable("files").set({ status: "pending", size, uploaded_at: uploadedAt }).where("key", "=", key).execute();
    },

    /** Claims a pending file for one scan; a claim older than `staleBefore` is taken over. */
    async claimScan(key: string, now: string, staleBefore: string): Promise<boolean> {
      const result = await db
        .updateTable("files")
        .set({ scan_started_at: now })
        .where("key", "=", key)
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("scan_started_at", "is", null), eb("scan_started_at", "<", staleBefore)]))
        .where((eb) => eb.or([eb("scan_retry_at", "is", null), eb("scan_retry_at", "<=", now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending files nobody is scanning and not waiting for a retry, smallest first. */
    async scannableKeys(now: string, staleBefore: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("files")
        .select("key")
        .where("status", "=", "pending")
        .where("deleted_at", "is", null)
        .where((eb) => eb.or([eb("scan_started_at", "is", null), eb("scan_started_at", "<", staleBefore)]))
        .where((eb) => eb.or([eb("scan_retry_at", "is", null), eb("scan_retry_at", "<=", now)]))
        .orderBy("size")
        .orderBy("uploaded_at")
        .orderBy("key")
        .limit(limit)
        .execute();
      return rows.map((row) => row.key);
    },

    async finishScan(
      key: string,
      result: Pick<FileRow, "status" | "reason" | "content_type" | "duration_seconds" | "loudness_lufs" | "true_peak_dbtp" | "scanned_at">,
    ): Promise<void> {
      await db
        .updateTable("files")
        .set({ ...result, scan_started_at: null })
        .where("key", "=", key)
        .where("status", "=", "pending")
        .execute();
    },

    /** Gives a claimed scan back to be tried again at `retryAt`; returns how many attempts the file has had. */
    async deferScan(key: string, retryAt: string): Promise<number> {
      await db
        .updateTable("files")
        .set((eb) => ({ scan_attempts: eb("scan_attempts", "+", 1), scan_started_at: null, scan_retry_at: retryAt }))
        .where("key", "=", key)
        .execute();
      const row = await db.selectFrom("files").select("scan_attempts").where("key", "=", key).executeTakeFirst();
      return row?.scan_attempts ?? 0;
    },

    async expiredKeys(cutoff: string, limit: number): Promise<string[]> {
      const rows = await expiredFiles(cutoff).select("f.key").limit(limit).execute();
      return rows.map((row) => row.key);
    },

    /** Marks one file deleted only if it is still expired at this moment; true when this call did it. */
    async markDeleted(key: string, cutoff: string, now: string): Promise<boolean> {
      const result = await db.updateTable("files").set({ deleted_at: now }).where("key", "=", key).where("key", "in", expiredFiles(cutoff).select("f.key")).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unattachedKeys(before: string, limit: number): Promise<string[]> {
      const rows = await unattachedFiles(before).select("f.key").limit(limit).execute();
      return rows.map((row) => row.key);
    },

    /** Marks one file deleted only if still nobody uses it at this moment; true when this call did it. */
    async markUnattachedDeleted(key: string, before: string, now: string): Promise<boolean> {
      const result = await db.updateTable("files").set({ deleted_at: now }).where("key", "=", key).where("key", "in", unattachedFiles(before).select("f.key")).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Files that failed their scan whose bytes are still kept (a delete that did not happen right after the scan). */
    async refusedKeys(limit: number): Promise<string[]> {
      const rows = await db.selectFrom("files").select("key").where("status", "=", "error").where("deleted_at", "is", null).limit(limit).execute();
      return rows.map((row) => row.key);
    },

    /** Marks a file that failed its scan deleted (its status and reason stay); true when this call did it. */
    async markRefusedDeleted(key: string, now: string): Promise<boolean> {
      const result = await db.updateTable("files").set({ deleted_at: now }).where("key", "=", key).where("status", "=", "error").where("deleted_at", "is", null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets upload URLs that were never used (or uploads cut off mid-way) before `before`. */
    async removeUnfinishedUploads(before: string): Promise<number> {
      const result = await db.deleteFrom("files").where("status", "in", ["awaiting_upload", "uploading"]).where("created_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom("files").where("key", "=", key).execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
