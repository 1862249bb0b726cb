import type { Kysely } from "kysely";

interface OpeningTables {
  settings: { name: string; value: string | null; updated_at: string };
  queue_openings: { id: string; opened_at: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each time the queue opened: "per stream" limits count the submissions since the latest one.
  await db.schema
    .createTable("queue_openings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("opened_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("queue_openings_opened_at").on("queue_openings").column("opened_at").execute();
  // A queue open while this runs opened when its setting was last written.
  const rows = db as Kysely<OpeningTables>;
  const open = await rows.selectFrom("settings").select("updated_at").where("name", "=", "isQueueOn").where("value", "=", "true").executeTakeFirst();
  if (open) await rows.insertInto("queue_openings").values({ id: "migrated-opening", opened_at: open.updated_at }).execute();
}
