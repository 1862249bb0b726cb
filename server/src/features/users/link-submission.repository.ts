import type { QueueType } from "@common/queue";
import type { Db } from "../../db/kysely";

const LIVE: QueueType[] = ["waiting", "active", "on_hold"];

/** Reads and writes for claiming a guest's submissions; guests and submissions belong to the queue feature. */
export function createLinkSubmissionRepository(db: Db) {
  return {
    async guestBySecretHash(secretHash: string): Promise<{ user_id: string } | undefined> {
      return db.selectFrom("guests").select("user_id").where("secret_hash", "=", secretHash).executeTakeFirst();
    },

    /** The submission with this id, else the latest submission of the submitter with this user id. */
    async findSubmission(ref: string) {
      const columns = ["id", "user_id", "owner_id", "status"] as const;
      const byId = await db.selectFrom("submissions").select(columns).where("id", "=", ref).executeTakeFirst();
      if (byId) return byId;
      return db
        .selectFrom("submissions")
        .select(columns)
        .where("user_id", "=", ref)
        .orderBy("submitted_at", "desc")
        .executeTakeFirst();
    },

    async liveEntryOf(guestUserId: string) {
      return db
        .selectFrom("submissions")
        .select(["id", "status", "owner_id"])
        .where("user_id", "=", guestUserId)
        .where("status", "in", LIVE)
        .executeTakeFirst();
    },

    /** Whether the account already has a live entry of its own or one linked to it. */
    async accountHasLiveEntry(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom("submissions")
        .select("id")
        .where("status", "in", LIVE)
        .where((eb) => eb.or([eb("user_id", "=", accountId), eb("owner_id", "=", accountId)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives every unclaimed submission of the guest to the account; returns how many. */
    async claimAll(guestUserId: string, accountId: string): Promise<number> {
      const result = await db
        .updateTable("submissions")
        .set({ owner_id: accountId })
        .where("user_id", "=", guestUserId)
        .where("owner_id", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async countWithStatus(status: QueueType): Promise<number> {
      const row = await db
        .selectFrom("submissions")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", status)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
