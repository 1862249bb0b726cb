import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Watch time is credited in real elapsed seconds between accepted pings; whole minutes follow from them.
  await db.schema
    .alterTable("loyalty_members")
    .addColumn("watched_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update loyalty_members set watched_seconds = watched_minutes * 60`.execute(db);
}
