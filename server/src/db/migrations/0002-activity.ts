import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("activity")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("last_active", "text", (c) => c.notNull())
    .execute();
  // `bypass_duplicates=false` looks a link up among the live entries.
  await db.schema.createIndex("submissions_link").on("submissions").column("link").execute();
}
