import type { Db } from "../db/kysely";
import type { OutboxTable } from "../db/tables/outbox";

export type OutboxRow = OutboxTable;

export function createOutboxRepository(db: Db) {
  return {
    async insert(trx: Db, row: OutboxRow): Promise<void> {
      await trx
        .insertInto("outbox")
        .values(row)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    },

    /** Rows ready to run: not done, not given up, past their backoff and not claimed by a live instance. */
    async due(now: string, limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom("outbox")
        .selectAll()
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .where("run_after", "<=", now)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .orderBy("run_after")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** One conditional UPDATE: of several instances claiming the same row, exactly one gets it back. */
    async claim(id: string, owner: string, now: string, until: string): Promise<OutboxRow | undefined> {
      return db
        .updateTable("outbox")
        .set({ claimed_by: owner, claimed_until: until })
        .where("id", "=", id)
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .returningAll()
        .executeTakeFirst();
    },

    async markDone(id: string, owner: string, now: string): Promise<void> {
      await db.updateTable("outbox").set({ done_at: now, claimed_until: null }).where("id", "=", id).where("claimed_by", "=", owner).execute();
    },

    async markFailed(id: string, owner: string, values: Pick<OutboxRow, "attempts" | "last_error" | "run_after" | "failed_at">): Promise<void> {
      await db
        .updateTable("outbox")
        .set({ ...values, claimed_by: null, claimed_until: null })
        .where("id", "=", id)
        .where("claimed_by", "=", owner)
        .execute();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
