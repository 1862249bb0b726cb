import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the address was last sent a confirmation: at most one a day, however often it is typed in.
  await db.schema.alterTable("email_subscriptions").addColumn("confirmation_sent_at", "text").execute();
}
