import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The one Twitch channel the host connected: whose tokens (encrypted), what they allow, the rewards
  // the app created there, and how the chat connection is doing.
  await db.schema
    .createTable("twitch_connection")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("broadcaster_id", "text", (c) => c.notNull())
    .addColumn("broadcaster_login", "text", (c) => c.notNull())
    .addColumn("broadcaster_name", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("access_token", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("request_reward_id", "text")
    .addColumn("skip_reward_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_reason", "text")
    .addColumn("connected_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Every redemption of the app's rewards, once: what became of it and the status Twitch was told.
  await db.schema
    .createTable("twitch_redemptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reward_id", "text", (c) => c.notNull())
    .addColumn("viewer_id", "text", (c) => c.notNull())
    .addColumn("viewer_name", "text", (c) => c.notNull())
    .addColumn("user_input", "text", (c) => c.notNull())
    .addColumn("entry_id", "text")
    .addColumn("refusal", "text")
    .addColumn("final_status", "text")
    .addColumn("redeemed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("twitch_redemptions_entry").on("twitch_redemptions").column("entry_id").execute();

  // Chat message ids already handled: Twitch delivers at least once, on any instance.
  await db.schema
    .createTable("twitch_chat_seen")
    .addColumn("message_id", "text", (c) => c.primaryKey())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .execute();

  // Members who signed in with Twitch: their Twitch user id (the OIDC subject).
  await db.schema.alterTable("users").addColumn("twitch_sub", "text").execute();
  await db.schema.createIndex("users_twitch_sub").unique().on("users").column("twitch_sub").execute();
}
