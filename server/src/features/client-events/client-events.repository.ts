import type { Db } from "../../db/kysely";
import type { ClientEventsTable } from "../../db/tables/client-events";
import type { ClientEventDailyCount } from "@common/client-events";

export function createClientEventsRepository(db: Db) {
  return {
    async insert(row: ClientEventsTable): Promise<void> {
      await db.insertInto("client_events").values(row).execute();
    },

    /** Deletes events received before `before`; returns how many. */
    async deleteReceivedBefore(before: string): Promise<number> {
      const result = await db.deleteFrom("client_events").where("created_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Counts per day and event from `fromDay` on, newest day first, then the most sent event. */
    async dailyCounts(fromDay: string): Promise<ClientEventDailyCount[]> {
      const rows = await db
        .selectFrom("client_events")
        .select(["day", "event", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("day", ">=", fromDay)
        .groupBy(["day", "event"])
        .orderBy("day", "desc")
        .orderBy("count", "desc")
        .orderBy("event")
        .execute();
      return rows.map((row) => ({ day: row.day, event: row.event, count: Number(row.count) }));
    },
  };
}
