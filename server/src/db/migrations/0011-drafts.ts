import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One draft per member; the file it names is kept 24 hours from `file_attached_at`.
  await db.schema
    .createTable("drafts")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("artist_name", "text", (c) => c.notNull())
    .addColumn("track_title", "text", (c) => c.notNull())
    .addColumn("youtube_username", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("is_file", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("file_key", "text")
    .addColumn("file_name", "text")
    .addColumn("file_type", "text")
    .addColumn("has_file_selected", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("file_attached_at", "text")
    .addColumn("file_expired", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("drafts_file_attached").on("drafts").columns(["file_attached_at"]).execute();
}
