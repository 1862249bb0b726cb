import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per vote: a member votes once for a song of a session, whatever the race.
  await db.schema
    .createTable("votes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("analytics_sessions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("submission_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("votes_one_per_song").unique().on("votes").columns(["session_id", "user_id", "submission_id"]).execute();
  await db.schema.createIndex("votes_by_song").on("votes").columns(["session_id", "submission_id"]).execute();

  // A member's votes used in a session: the conditional update of this row is what keeps them within the limit.
  await db.schema
    .createTable("vote_usage")
    .addColumn("session_id", "text", (c) => c.notNull().references("analytics_sessions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("used", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("vote_usage_pk", ["session_id", "user_id"])
    .execute();
}
