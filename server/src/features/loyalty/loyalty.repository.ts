import { EMPTY_BALANCE, FAST_PASS_TIERS, type LoyaltyBalance } from "@common/loyalty";
import type { Db } from "../../db/kysely";
import type { FastPassLedgerTable } from "../../db/tables/loyalty";

/** The Fast Pass ledger and the members' watch time; every query here runs on SQLite and PostgreSQL. */
export function createLoyaltyRepository(db: Db) {
  /** Makes sure the member has a row (concurrent callers both succeed). */
  async function ensureMember(trx: Db, userId: string): Promise<void> {
    await trx
      .insertInto("loyalty_members")
      .values({ user_id: userId, watched_minutes: 0, watched_seconds: 0, last_ping_at: null, spend_count: 0 })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
  }

  async function tokensOf(trx: Db, userId: string, tier: number): Promise<number> {
    const row = await trx
      .selectFrom("fastpass_ledger")
      .select((eb) => eb.fn.sum<number>("count").as("total"))
      .where("user_id", "=", userId)
      .where("priority_level", "=", tier)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Ledger sums by tier as a balance: tiers outside 1-3 ignored, never below zero. */
  function balanceOf(rows: { priority_level: number; total: number | string | null }[]): LoyaltyBalance {
    const byLevel = { ...EMPTY_BALANCE.tokens_by_level };
    for (const row of rows) {
      const key = String(row.priority_level) as keyof typeof byLevel;
      if ((FAST_PASS_TIERS as readonly number[]).includes(row.priority_level)) byLevel[key] = Math.max(0, Number(row.total));
    }
    return { available_tokens: byLevel["1"] + byLevel["2"] + byLevel["3"], tokens_by_level: byLevel };
  }

  return {
    async balance(userId: string, trx: Db = db): Promise<LoyaltyBalance> {
      const rows = await trx
        .selectFrom("fastpass_ledger")
        .select(["priority_level", (eb) => eb.fn.sum<number>("count").as("total")])
        .where("user_id", "=", userId)
        .groupBy("priority_level")
        .execute();
      return balanceOf(rows);
    },

    /** Several users' balances in one query; every asked id is answered, empty when it holds nothing. */
    async balances(userIds: string[]): Promise<Record<string, LoyaltyBalance>> {
      const rows =
        userIds.length === 0
          ? []
          : await db
              .selectFrom("fastpass_ledger")
              .select(["user_id", "priority_level", (eb) => eb.fn.sum<number>("count").as("total")])
              .where("user_id", "in", userIds)
              .groupBy(["user_id", "priority_level"])
              .execute();
      return Object.fromEntries(userIds.map((id) => [id, balanceOf(rows.filter((row) => row.user_id === id))]));
    },

    async insertLedgerRow(trx: Db, row: FastPassLedgerTable): Promise<void> {
      await trx.insertInto("fastpass_ledger").values(row).execute();
    },

    /**
     * Takes the member's row lock for the rest of `trx` (an UPDATE locks the row on PostgreSQL; SQLite
     * runs one write transaction at a time), then counts their tokens of `tier`: a second spend of the
     * same member waits here and counts after the first committed.
     */
    async lockAndCount(trx: Db, userId: string, tier: number): Promise<number> {
      await ensureMember(trx, userId);
      await trx
        .updateTable("loyalty_members")
        .set((eb) => ({ spend_count: eb("spend_count", "+", 1) }))
        .where("user_id", "=", userId)
        .execute();
      return tokensOf(trx, userId, tier);
    },

    /**
     * Credits the real time since the member's previous accepted ping (at most `maxCreditSeconds`; none
     * for their first ping ever) unless that ping is later than `notAfter`. The update only applies if
     * the previous ping is still the one read, so of two tabs pinging at once only one counts. Returns
     * the watched seconds before and after, or null when the ping did not count.
     */
    async creditWatchTime(trx: Db, userId: string, now: Date, notAfter: Date, maxCreditSeconds: number): Promise<{ before: number; after: number } | null> {
      await ensureMember(trx, userId);
      const row = await trx.selectFrom("loyalty_members").select(["watched_seconds", "last_ping_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();
      const previous = row.last_ping_at;
      if (previous !== null && Date.parse(previous) > notAfter.getTime()) return null;
      const credit = previous === null ? 0 : Math.min(maxCreditSeconds, Math.floor((now.getTime() - Date.parse(previous)) / 1000));
      const after = row.watched_seconds + credit;
      const updated = await trx
        .updateTable("loyalty_members")
        .set({ watched_seconds: after, watched_minutes: Math.floor(after / 60), last_ping_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where((eb) => (previous === null ? eb("last_ping_at", "is", null) : eb("last_ping_at", "=", previous)))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0 ? { before: row.watched_seconds, after } : null;
    },

    async watchedMinutes(userId: string): Promise<number> {
      const row = await db.selectFrom("loyalty_members").select("watched_minutes").where("user_id", "=", userId).executeTakeFirst();
      return row?.watched_minutes ?? 0;
    },

    async userExists(userId: string): Promise<boolean> {
      return (await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;
    },

    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
