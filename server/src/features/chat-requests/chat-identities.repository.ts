import { sql } from "kysely";
import { type Db, isUniqueViolation } from "../../db/kysely";
import type { ChatIdentitiesTable } from "../../db/tables/chat";
import { QUEUE_TYPES as LIVE_STATUSES } from "@common/entry-status";
import type { SubmissionRow } from "../queue/queue-rules";
import { turnBatches } from "../../lib/turn-batches";

const keyOf = (row: Pick<ChatIdentitiesTable, "platform" | "platform_user_id">) => `${row.platform}\u0000${row.platform_user_id}`;

/** Chat identities, the entries they made, and the link to a member account. */
export function createChatIdentitiesRepository(db: Db) {
  /** One row per identity (the latest name), in one order, so two statements never wait on each other's rows. */
  async function upsertAll(rows: readonly ChatIdentitiesTable[]): Promise<(ChatIdentitiesTable | Error)[]> {
    const latest = new Map<string, ChatIdentitiesTable>();
    for (const row of rows) {
      const known = latest.get(keyOf(row));
      latest.set(keyOf(row), known ? { ...known, display_name: row.display_name, last_seen_at: row.last_seen_at } : row);
    }
    const stored = await db
      .insertInto("chat_identities")
      .values([...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row))
      .onConflict((oc) =>
        oc.columns(["platform", "platform_user_id"]).doUpdateSet((eb) => ({ display_name: eb.ref("excluded.display_name"), last_seen_at: eb.ref("excluded.last_seen_at") })),
      )
      .returningAll()
      .execute();
    const byKey = new Map(stored.map((row) => [keyOf(row), row]));
    return rows.map((row) => byKey.get(keyOf(row)) ?? new Error("the chat identity was not stored"));
  }
  const upsert = turnBatches(upsertAll, { eachAloneOnFailure: true });

  return {
    /**
     * The identity of (platform, platform user id), made on first sight; a new display name replaces
     * the old one (a rename keeps the identity and its entries). Safe under concurrent first messages.
     * The identities asked for in the same turn (a raid's requests) share one statement.
     */
    upsert,

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
