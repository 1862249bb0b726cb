import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A viewer known from chat: the platform's user id decides who they are, the display name is only shown.
  // `account_id` is set when the viewer signs in with that platform: their entries become the account's.
  await db.schema
    .createTable("chat_identities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("platform_user_id", "text", (c) => c.notNull())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("account_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_identities_platform_user").unique().on("chat_identities").columns(["platform", "platform_user_id"]).execute();
  await db.schema.createIndex("chat_identities_account").on("chat_identities").column("account_id").execute();

  // Which chat identity made an entry and how it came (a bot, the chat connection, channel points).
  await db.schema
    .createTable("chat_entries")
    .addColumn("entry_id", "text", (c) => c.primaryKey())
    .addColumn("identity_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_entries_identity").on("chat_entries").columns(["identity_id", "created_at"]).execute();
}
