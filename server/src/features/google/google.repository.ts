import type { Db } from "../../db/kysely";

export function createGoogleRepository(db: Db) {
  return {
    /** Ends every login of a member account (all its refresh-token families). */
    async revokeAllLogins(userId: string, now: string): Promise<void> {
      await db.updateTable("refresh_tokens").set({ revoked_at: now }).where("subject_id", "=", userId).where("subject_type", "=", "user").where("revoked_at", "is", null).execute();
    },
  };
}
