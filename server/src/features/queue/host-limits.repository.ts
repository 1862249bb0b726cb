import type { Db } from "../../db/kysely";

/** Who a submission counts against: any of its submitter ids, its account, or its channel username. */
export interface SubmitterRef {
  submitterIds: string[];
  accountId: string | null;
  username: string;
}

/** The reads and writes behind the host's per-stream limit. */
export function createHostLimitsRepository(db: Db) {
  return {
    async recordOpening(trx: Db, row: { id: string; opened_at: string }): Promise<void> {
      await trx.insertInto("queue_openings").values(row).execute();
    },

    /** When the queue last opened, or null if it never did since openings are recorded. */
    async lastOpenedAt(): Promise<string | null> {
      const row = await db
        .selectFrom("queue_openings")
        .select((eb) => eb.fn.max("opened_at").as("at"))
        .executeTakeFirst();
      return (row?.at as string | null | undefined) ?? null;
    },

    /** Submissions the person made themselves since `since` (the host's own adds do not count), whatever became of them. */
    async countSubmissionsSince(who: SubmitterRef, since: string | null): Promise<number> {
      let query = db
        .selectFrom("submissions")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("created_by_admin", "=", 0)
        .where((eb) =>
          eb.or([
            eb("username", "=", who.username),
            ...(who.submitterIds.length ? [eb("user_id", "in", who.submitterIds)] : []),
            ...(who.accountId ? [eb("owner_id", "=", who.accountId)] : []),
          ]),
        );
      if (since) query = query.where("submitted_at", ">=", since);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },
  };
}
