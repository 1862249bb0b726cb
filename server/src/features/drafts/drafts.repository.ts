import type { Db } from "../../db/kysely";
import type { DraftTable } from "../../db/tables/drafts";

export type DraftRow = DraftTable;

/** Every read and write of members' drafts. */
export function createDraftsRepository(db: Db) {
  return {
    async find(userId: string): Promise<DraftRow | undefined> {
      return db.selectFrom("drafts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    /** Writes the member's one draft, whether or not one exists. */
    async save(row: DraftRow): Promise<DraftRow> {
      const { user_id: _key, ...changes } = row;
      await db
        .insertInto("drafts")
        .values(row)
        .onConflict((oc) => oc.column("user_id").doUpdateSet(changes))
        .execute();
      return row;
    },

    /** Deletes the member's draft (inside a submission's transaction when `trx` is given); true when there was one. */
    async remove(userId: string, trx: Db = db): Promise<boolean> {
      const result = await trx.deleteFrom("drafts").where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Drafts whose file was attached before `cutoff`. */
    async withFileAttachedBefore(cutoff: string, limit: number): Promise<Pick<DraftRow, "user_id" | "file_key">[]> {
      return db.selectFrom("drafts").select(["user_id", "file_key"]).where("file_key", "is not", null).where("file_attached_at", "<", cutoff).limit(limit).execute();
    },

    /** Drops the file of one draft if it is still the one attached before `cutoff`; true when this call did it. */
    async expireFile(userId: string, fileKey: string, cutoff: string): Promise<boolean> {
      const result = await db
        .updateTable("drafts")
        .set({ file_key: null, file_attached_at: null, has_file_selected: 0, file_expired: 1 })
        .where("user_id", "=", userId)
        .where("file_key", "=", fileKey)
        .where("file_attached_at", "<", cutoff)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
