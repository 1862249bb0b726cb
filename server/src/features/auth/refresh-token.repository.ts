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

    /** Ends every login of a subject (an admin's password reset or deactivation). */
    async revokeSubject(subjectId: string, kind: RefreshTokensTable["subject_type"], revokedAt: string): Promise<void> {
      await db
        .updateTable("refresh_tokens")
        .set({ revoked_at: revokedAt })
        .where("subject_id", "=", subjectId)
        .where("subject_type", "=", kind)
        .where("revoked_at", "is", null)
        .execute();
    },

    /**
     * Marks an unused, unrevoked, unexpired token used in one statement: only one of two concurrent
     * uses wins. A family with any revoked token is over, so a token written while its family was being
     * revoked (which that revocation could not see yet) cannot be claimed either.
     */
    async claim(id: string, kind: RefreshTokensTable["subject_type"], now: string): Promise<boolean> {
      const claimed = await db
        .updateTable("refresh_tokens")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("subject_type", "=", kind)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("refresh_tokens as sibling")
                .select("sibling.id")
                .whereRef("sibling.family_id", "=", "refresh_tokens.family_id")
                .where("sibling.revoked_at", "is not", null),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async find(id: string): Promise<Pick<RefreshTokensTable, "family_id" | "used_at"> | undefined> {
      return db.selectFrom("refresh_tokens").select(["family_id", "used_at"]).where("id", "=", id).executeTakeFirst();
    },
  };
}
