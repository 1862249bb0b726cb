import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("password_hash", "text")
    .addColumn("google_sub", "text", (c) => c.unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("avatar_url", "text")
    .addColumn("bio", "text")
    .addColumn("location", "text")
    .addColumn("website_url", "text")
    .addColumn("default_artist_name", "text")
    .addColumn("default_youtube_username", "text")
    .addColumn("preferences", "text", (c) => c.notNull())
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("youtube_channel_id", "text")
    .addColumn("youtube_channel_title", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("last_active", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("users_username_lower")
    .unique()
    .on("users")
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex("users_email_lower")
    .unique()
    .on("users")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex("users_public_created").on("users").columns(["is_public", "created_at"]).execute();
}
