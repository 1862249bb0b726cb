import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The YouTube channel the host connected for its live chat: the Google tokens (encrypted), what they
  // allow, the broadcast's chat being read and where reading stopped, and how the connection is doing.
  await db.schema
    .createTable("youtube_chat_connection")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("channel_title", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("access_token", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("live_chat_id", "text")
    .addColumn("page_token", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_reason", "text")
    .addColumn("connected_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Live chat message ids already handled: a page read again (another instance took over) is not queued twice.
  await db.schema
    .createTable("youtube_chat_seen")
    .addColumn("message_id", "text", (c) => c.primaryKey())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .execute();
}
