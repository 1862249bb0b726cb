import type { Db } from "../../db/kysely";
import type { RefreshTokensTable } from "../../db/tables/core";

/** Ends every login of one subject at once (all refresh-token families), optionally sparing one. */
export function createSessionRevocationRepository(db: Db) {
  return {
    async revokeAll(subjectId: string, kind: RefreshTokensTable["subject_type"], revokedAt: string, exceptFamilyId: string | null): Promise<void> {
      let query = db
        .updateTable("refresh_tokens")
        .set({ revoked_at: revokedAt })
        .where("subject_id", "=", subjectId)
        .where("subject_type", "=", kind)
        .where("revoked_at", "is", null);
      if (exceptFamilyId) query = query.where("family_id", "!=", exceptFamilyId);
      await query.execute();
    },

    /** The family of a token that is still live (unrevoked, unexpired) and belongs to the subject. */
    async liveFamilyOf(tokenId: string, subjectId: string, kind: RefreshTokensTable["subject_type"], now: string): Promise<string | null> {
      const row = await db
        .selectFrom("refresh_tokens")
        .select("family_id")
        .where("id", "=", tokenId)
        .where("subject_id", "=", subjectId)
        .where("subject_type", "=", kind)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row?.family_id ?? null;
    },
  };
}
