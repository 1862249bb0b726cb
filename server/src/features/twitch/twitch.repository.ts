import { sql } from "kysely";
import type { Db } from "../../db/kysely";
import { turnBatches } from "../../lib/turn-batches";
import type { TwitchConnectionTable, TwitchRedemptionsTable } from "../../db/tables/twitch";

export type TwitchConnectionRow = TwitchConnectionTable;
export type TwitchRedemptionRow = TwitchRedemptionsTable;

const CONNECTION_ID = "channel";

export function createTwitchRepository(db: Db) {
  // A raid's redemptions each read the connection, record themselves and link their entry: what is asked
  // in the same turn shares one statement (each read starts after every caller in it asked).
  const readConnection = turnBatches(async (reads: readonly string[]) => {
    const row = await db.selectFrom("twitch_connection").selectAll().where("id", "=", CONNECTION_ID).executeTakeFirst();
    return reads.map(() => row);
  });
  const insertRedemptions = turnBatches(
    async (rows: readonly TwitchRedemptionRow[]) => {
      const stored = await db
        .insertInto("twitch_redemptions")
        .values([...new Map(rows.map((row) => [row.id, row])).values()])
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .execute();
      // A redelivery in the same turn as the first delivery is one, and only the first is new.
      const isNew = new Set(stored.map((row) => row.id));
      return rows.map((row) => isNew.delete(row.id));
    },
    { eachAloneOnFailure: true },
  );
  const linkEntries = turnBatches(async (links: readonly { id: string; entryId: string }[]) => {
    const entryOf = sql.join(
      links.map((link) => sql`when ${link.id} then ${link.entryId}`),
      sql` `,
    );
    await sql`update twitch_redemptions set entry_id = case id ${entryOf} end where id in (${sql.join(links.map((link) => link.id))})`.execute(db);
    return links.map(() => undefined);
  });

  return {
    /** Pass the transaction when inside one (SQLite has one connection: a read beside it would wait forever). */
    async connection(executor: Db = db): Promise<TwitchConnectionRow | undefined> {
      if (executor === db) return readConnection(CONNECTION_ID);
      return executor.selectFrom("twitch_connection").selectAll().where("id", "=", CONNECTION_ID).executeTakeFirst();
    },

    /** Connecting again (another account, new scopes) replaces the row but keeps the rewards of the same channel. */
    async saveConnection(row: Omit<TwitchConnectionRow, "id" | "request_reward_id" | "skip_reward_id">): Promise<void> {
      const existing = await this.connection();
      const sameChannel = existing?.broadcaster_id === row.broadcaster_id;
      const values = {
        ...row,
        id: CONNECTION_ID,
        request_reward_id: sameChannel ? existing.request_reward_id : null,
        skip_reward_id: sameChannel ? existing.skip_reward_id : null,
      };
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("twitch_connection").where("id", "=", CONNECTION_ID).execute();
        await trx.insertInto("twitch_connection").values(values).execute();
      });
    },

    async updateConnection(values: Partial<Omit<TwitchConnectionRow, "id">>): Promise<void> {
      await db.updateTable("twitch_connection").set(values).where("id", "=", CONNECTION_ID).execute();
    },

    /** Connected or reconnecting, unless the reader was stopped for a reason the host must act on. */
    async setLiveStatus(status: "connected" | "reconnecting", at: string): Promise<void> {
      await db.updateTable("twitch_connection").set({ status, status_reason: null, updated_at: at }).where("id", "=", CONNECTION_ID).where("status", "!=", "stopped").execute();
    },

    async deleteConnection(): Promise<void> {
      await db.deleteFrom("twitch_connection").where("id", "=", CONNECTION_ID).execute();
    },

    /** False when this redemption was already recorded (a redelivery). */
    insertRedemption: insertRedemptions,

    async redemption(id: string): Promise<TwitchRedemptionRow | undefined> {
      return db.selectFrom("twitch_redemptions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async redemptionOfEntry(trx: Db, entryId: string): Promise<TwitchRedemptionRow | undefined> {
      return trx.selectFrom("twitch_redemptions").selectAll().where("entry_id", "=", entryId).executeTakeFirst();
    },

    async linkEntry(id: string, entryId: string): Promise<void> {
      await linkEntries({ id, entryId });
    },

    /** Decides a redemption's outcome once: false when it was already decided. */
    async decide(trx: Db, id: string, status: "FULFILLED" | "CANCELED"): Promise<boolean> {
      const result = await trx.updateTable("twitch_redemptions").set({ final_status: status }).where("id", "=", id).where("final_status", "is", null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Redemptions recorded before `before` that never became an entry nor were settled: an instance stopped between the two. */
    async stuckRedemptions(before: string): Promise<TwitchRedemptionRow[]> {
      return db
        .selectFrom("twitch_redemptions")
        .selectAll()
        .where("final_status", "is", null)
        .where("entry_id", "is", null)
        .where("redeemed_at", "<", before)
        .orderBy("redeemed_at")
        .limit(100)
        .execute();
    },

    /**
     * The entry a redemption became before the instance stopped, not yet linked to it: the viewer's
     * first channel-point entry since the redemption that no redemption claims. Null when none was made.
     */
    async unlinkedEntryOf(viewerId: string, since: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("chat_entries")
        .innerJoin("chat_identities", "chat_identities.id", "chat_entries.identity_id")
        .select("chat_entries.entry_id")
        .where("chat_identities.platform", "=", "twitch")
        .where("chat_identities.platform_user_id", "=", viewerId)
        .where("chat_entries.source", "=", "twitch_points")
        .where("chat_entries.created_at", ">=", since)
        .where("chat_entries.entry_id", "not in", db.selectFrom("twitch_redemptions").select("entry_id").where("entry_id", "is not", null).$narrowType<{ entry_id: string }>())
        .orderBy("chat_entries.created_at")
        .executeTakeFirst();
      return row?.entry_id;
    },

    async entryStatus(entryId: string): Promise<string | undefined> {
      return (await db.selectFrom("submissions").select("status").where("id", "=", entryId).executeTakeFirst())?.status;
    },

    /** Keeps the line a refused redemption's viewer was told. */
    async recordRefusal(trx: Db, id: string, line: string): Promise<void> {
      await trx.updateTable("twitch_redemptions").set({ refusal: line }).where("id", "=", id).execute();
    },

    /** False when the chat message was already handled (here or on another instance). */
    async markSeen(messageId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto("twitch_chat_seen")
        .values({ message_id: messageId, seen_at: at })
        .onConflict((oc) => oc.column("message_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async forgetSeenBefore(at: string): Promise<void> {
      await db.deleteFrom("twitch_chat_seen").where("seen_at", "<", at).execute();
    },
  };
}

export type TwitchRepository = ReturnType<typeof createTwitchRepository>;
