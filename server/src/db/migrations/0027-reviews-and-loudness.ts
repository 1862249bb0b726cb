import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The host's score of a song and the line written for its artist: one per submission, editable.
  await db.schema
    .createTable("submission_reviews")
    .addColumn("submission_id", "text", (c) => c.primaryKey().references("submissions.id"))
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("reviewed_at", "text", (c) => c.notNull())
    .execute();

  // An upload's loudness as its scan measured it (EBU R128), so every upload can play at one loudness.
  await db.schema.alterTable("files").addColumn("loudness_lufs", "double precision").execute();
  await db.schema.alterTable("files").addColumn("true_peak_dbtp", "double precision").execute();
}
