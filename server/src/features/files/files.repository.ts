import type { Db } from "../../db/kysely";
import type { FilesTable } from "../../db/tables/files";
import { LIVE_STATUSES } from "../queue/queue-rules";

export type FileRow = FilesTable;

/** Files whose bytes are on storage. */
const STORED_STATUSES = ["pending", "clean", "error"] as const;

export function createFilesRepository(db: Db) {
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
              .where((eb) =>
                eb.or([
                  eb("s.status", "in", LIVE_STATUSES),
                  eb(eb.fn.coalesce("s.played_at", "s.removed_at", "s.submitted_at"), ">=", cutoff),
                ]),
              ),
          ),
        ),
      );

  return {
    async insert(row: Pick<FileRow, "key" | "original_name" | "declared_type" | "status" | "created_at">): Promise<void> {
      await db.insertInto("files").values({ ...row, scan_attempts: 0 }).execute();
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
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async scannableKeys(staleBefore: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("files")
        .select("key")
        .where("status", "=", "pending")
        .where("deleted_at", "is", null)
        .where((eb) => eb.or([eb("scan_started_at", "is", null), eb("scan_started_at", "<", staleBefore)]))
        .orderBy("uploaded_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.key);
    },

    async finishScan(
      key: string,
      result: Pick<FileRow, "status" | "reason" | "content_type" | "duration_seconds" | "scanned_at">,
    ): Promise<void> {
      await db.updateTable("files").set({ ...result, scan_started_at: null }).where("key", "=", key).where("status", "=", "pending").execute();
    },

    /** Gives a claimed scan back to be tried again later; returns how many attempts the file has had. */
    async deferScan(key: string): Promise<number> {
      await db
        .updateTable("files")
        .set((eb) => ({ scan_attempts: eb("scan_attempts", "+", 1), scan_started_at: null }))
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
      const result = await db
        .updateTable("files")
        .set({ deleted_at: now })
        .where("key", "=", key)
        .where("key", "in", expiredFiles(cutoff).select("f.key"))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets upload URLs that were never used (or uploads cut off mid-way) before `before`. */
    async removeUnfinishedUploads(before: string): Promise<number> {
      const result = await db
        .deleteFrom("files")
        .where("status", "in", ["awaiting_upload", "uploading"])
        .where("created_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom("files").where("key", "=", key).execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
