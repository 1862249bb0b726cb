import { sql } from "kysely";
import { QUEUE_TYPES } from "@common/entry-status";
import type { Db } from "../../db/kysely";
import type { SubmissionRow } from "../queue/queue-rules";

/** Reads and writes for claiming a guest's submissions; guests and submissions belong to the queue feature. */
export function createLinkSubmissionRepository(db: Db) {
  return {
    /** The submission with this id, else the latest submission of the submitter with this user id. */
    async findSubmission(ref: string) {
      const columns = ["id", "user_id", "owner_id", "status"] as const;
      const byId = await db.selectFrom("submissions").select(columns).where("id", "=", ref).executeTakeFirst();
      if (byId) return byId;
      return db.selectFrom("submissions").select(columns).where("user_id", "=", ref).orderBy("submitted_at", "desc").executeTakeFirst();
    },

    async liveEntryOf(guestUserId: string): Promise<SubmissionRow | undefined> {
      return db.selectFrom("submissions").selectAll().where("user_id", "=", guestUserId).where("status", "in", QUEUE_TYPES).executeTakeFirst();
    },

    /** Whether the account already has a live entry of its own or one linked to it. */
    async accountHasLiveEntry(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom("submissions")
        .select("id")
        .where("status", "in", QUEUE_TYPES)
        .where((eb) => eb.or([eb("user_id", "=", accountId), eb("owner_id", "=", accountId)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives every unclaimed submission of the guest to the account; returns how many. */
    async claimAll(guestUserId: string, accountId: string): Promise<number> {
      const result = await db
        .updateTable("submissions")
        .set({ owner_id: accountId, version: sql`version + 1` })
        .where("user_id", "=", guestUserId)
        .where("owner_id", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
