import type { Db } from "../../db/kysely";
import type { SubmissionReviewsTable } from "../../db/tables/reviews";

/** The host's scores, one row per submission. */
export function createReviewsRepository(db: Db) {
  return {
    /** The scored song as the audit log names it, with its status; undefined when there is no such submission. */
    async submission(trx: Db, id: string) {
      return trx.selectFrom("submissions").select(["id", "user_id", "artist_name", "track_title", "status"]).where("id", "=", id).executeTakeFirst();
    },

    async find(id: string, trx: Db = db): Promise<SubmissionReviewsTable | undefined> {
      return trx.selectFrom("submission_reviews").selectAll().where("submission_id", "=", id).executeTakeFirst();
    },

    /** Writes the score, replacing an earlier one: two saves at once leave the last one. */
    async save(trx: Db, row: SubmissionReviewsTable): Promise<void> {
      await trx
        .insertInto("submission_reviews")
        .values(row)
        .onConflict((oc) => oc.column("submission_id").doUpdateSet({ score: row.score, note: row.note, reviewed_at: row.reviewed_at }))
        .execute();
    },
  };
}
