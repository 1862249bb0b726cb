import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What YouTube (videos.list) or an oEmbed endpoint said about a linked song, one row per canonical key.
  await db.schema
    .createTable("song_details")
    .addColumn("canonical_key", "text", (c) => c.primaryKey())
    .addColumn("available", "integer", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("channel", "text")
    .addColumn("duration_seconds", "integer")
    .addColumn("thumbnail_url", "text")
    .addColumn("embeddable", "integer")
    .addColumn("age_restricted", "integer")
    .addColumn("fetched_at", "text", (c) => c.notNull())
    .execute();
  // Data API units spent per quota day (YouTube's day: midnight to midnight Pacific time).
  await db.schema
    .createTable("youtube_quota_days")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("units_used", "integer", (c) => c.notNull())
    .execute();
}
