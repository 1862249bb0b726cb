import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Product events from the web app (POST analytics/events), counted per day for the host.
  await db.schema
    .createTable("client_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("props", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("client_ts", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("client_events_day_event").on("client_events").columns(["day", "event"]).execute();
}
