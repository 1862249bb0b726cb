import type { Db } from "../../db/kysely";
import type { RefreshTokensTable } from "../../db/tables/core";

export function createRefreshTokenRepository(db: Db) {
  return {
    async insert(row: RefreshTokensTable): Promise<void> {
      await db.insertInto("refresh_tokens").values(row).execute();
    },

    async revokeFamily(familyId: string, revokedAt: string): Promise<void> {
      await db.updateTable("refresh_tokens").set({ revoked_at: revokedAt }).where("family_id", "=", familyId).where("revoked_at", "is", null).execute();
    },

    /** Marks an unused, unrevoked, unexpired token used in one statement: only one of two concurrent uses wins. */
    async claim(id: string, kind: RefreshTokensTable["subject_type"], now: string): Promise<boolean> {
      const claimed = await db
        .updateTable("refresh_tokens")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("subject_type", "=", kind)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async find(id: string): Promise<Pick<RefreshTokensTable, "family_id" | "used_at"> | undefined> {
      return db.selectFrom("refresh_tokens").select(["family_id", "used_at"]).where("id", "=", id).executeTakeFirst();
    },
  };
}
