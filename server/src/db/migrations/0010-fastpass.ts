import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every Fast Pass grant and spend, one row each: a balance is the sum of a member's rows per tier.
  await db.schema
    .createTable("fastpass_ledger")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("priority_level", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("admin_id", "text")
    .addColumn("submission_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fastpass_ledger_user_tier").on("fastpass_ledger").columns(["user_id", "priority_level"]).execute();

  // One row per member: watch time, and the row a spend locks so two submits never spend one token twice.
  await db.schema
    .createTable("loyalty_members")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("watched_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_ping_at", "text")
    .addColumn("spend_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
