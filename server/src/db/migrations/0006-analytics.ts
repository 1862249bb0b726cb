import type { Kysely } from "kysely";
import { sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("opened_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .addColumn("saved_at", "text")
    .addColumn("is_live", "integer", (c) => c.notNull())
    .execute();
  // At most one live session, whatever the race between two Start clicks or two instances.
  await db.schema.createIndex("analytics_sessions_one_live").unique().on("analytics_sessions").column("is_live").where(sql.ref("is_live"), "=", 1).execute();
  await db.schema.createIndex("analytics_sessions_opened").on("analytics_sessions").columns(["opened_at", "ended_at"]).execute();

  // A song belongs to at most one session: the primary key makes a second count of the same play a no-op.
  await db.schema
    .createTable("analytics_session_plays")
    .addColumn("submission_id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("analytics_sessions.id").onDelete("cascade"))
    .addColumn("artist_name", "text", (c) => c.notNull())
    .addColumn("track_title", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("priority_level", "integer", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("played_at", "text", (c) => c.notNull())
    .addColumn("wait_seconds", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_session_plays_session").on("analytics_session_plays").columns(["session_id", "played_at"]).execute();
}
