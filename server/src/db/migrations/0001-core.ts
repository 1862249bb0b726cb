import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admins")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_super_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admins_username_lower")
    .unique()
    .on("admins")
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("family_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_family").on("refresh_tokens").column("family_id").execute();

  await db.schema
    .createTable("guests")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_active", "text")
    .execute();

  await db.schema
    .createTable("submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("owner_id", "text")
    .addColumn("artist_name", "text", (c) => c.notNull())
    .addColumn("track_title", "text", (c) => c.notNull())
    .addColumn("youtube_username", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hold_reason", "text")
    .addColumn("priority_level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("premium_expires", "text")
    .addColumn("payment_source", "text")
    .addColumn("payment_reference", "text")
    .addColumn("file_key", "text")
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("activated_at", "text")
    .addColumn("played_at", "text")
    .addColumn("removed_at", "text")
    .addColumn("played_list_cleared", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by_admin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // At most one live entry per submitter, whatever the race.
  await db.schema
    .createIndex("submissions_one_live_per_user")
    .unique()
    .on("submissions")
    .column("user_id")
    .where(sql.ref("status"), "in", ["waiting", "active", "on_hold"])
    .execute();
  await db.schema.createIndex("submissions_status").on("submissions").columns(["status", "submitted_at"]).execute();
  await db.schema.createIndex("submissions_owner").on("submissions").columns(["owner_id", "submitted_at"]).execute();
}
