import { sql } from "kysely";
import { type Db, isUniqueViolation } from "../../db/kysely";
import type { ChatIdentitiesTable } from "../../db/tables/chat";
import { QUEUE_TYPES as LIVE_STATUSES } from "@common/entry-status";
import type { SubmissionRow } from "../queue/queue-rules";

/** Chat identities, the entries they made, and the link to a member account. */
export function createChatIdentitiesRepository(db: Db) {
  return {
    /**
     * The identity of (platform, platform user id), made on first sight; a new display name replaces
     * the old one (a rename keeps the identity and its entries). Safe under concurrent first messages.
     */
    async upsert(row: ChatIdentitiesTable): Promise<ChatIdentitiesTable> {
      return db
        .insertInto("chat_identities")
        .values(row)
        .onConflict((oc) => oc.columns(["platform", "platform_user_id"]).doUpdateSet({ display_name: row.display_name, last_seen_at: row.last_seen_at }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(platform: string, platformUserId: string): Promise<ChatIdentitiesTable | undefined> {
      return db
        .selectFrom("chat_identities")
        .selectAll()
        .where("platform", "=", platform as ChatIdentitiesTable["platform"])
        .where("platform_user_id", "=", platformUserId)
        .executeTakeFirst();
    },

    /**
     * Links the identity to the account and gives the account every entry the identity made while
     * unlinked. Its live entry stays the identity's alone when the account already has one (one live
     * entry per person, which the database also holds under a race). Returns how many entries the
     * account gained and the live one among them.
     */
    async linkToAccount(identityId: string, accountId: string): Promise<{ claimed: number; live: SubmissionRow | undefined }> {
      await db.updateTable("chat_identities").set({ account_id: accountId }).where("id", "=", identityId).execute();
      const live = await db
        .selectFrom("submissions")
        .selectAll()
        .where("user_id", "=", identityId)
        .where("owner_id", "is", null)
        .where("status", "in", LIVE_STATUSES)
        .executeTakeFirst();
      const claim = (withLive: boolean) => {
        const query = db
          .updateTable("submissions")
          .set({ owner_id: accountId, version: sql`version + 1` })
          .where("user_id", "=", identityId)
          .where("owner_id", "is", null);
        return (withLive ? query : query.where("status", "not in", LIVE_STATUSES)).executeTakeFirst();
      };
      try {
        return { claimed: Number((await claim(true)).numUpdatedRows), live };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return { claimed: Number((await claim(false)).numUpdatedRows), live: undefined };
      }
    },
  };
}
