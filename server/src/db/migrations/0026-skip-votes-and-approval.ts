import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person and song: the primary key counts a second click, tab or instance once.
  await db.schema
    .createTable("skip_votes")
    .addColumn("submission_id", "text", (c) => c.notNull())
    .addColumn("voter_key", "text", (c) => c.notNull())
    .addColumn("voter_kind", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("skip_votes_pk", ["submission_id", "voter_key"])
    .execute();

  // A song the viewers voted off is counted in its session as skipped, not as played through.
  await db.schema
    .alterTable("analytics_session_plays")
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Why the host declined a submission awaiting approval, for the submitter's history.
  await db.schema.alterTable("submissions").addColumn("decline_reason", "text").execute();
}
