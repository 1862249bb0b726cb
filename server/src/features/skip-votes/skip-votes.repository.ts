import type { Db } from "../../db/kysely";
import type { SkipVotesTable } from "../../db/tables/skip-votes";

/** Skip votes by song; the primary key (song, voter) is what counts a person once under any race. */
export function createSkipVotesRepository(db: Db) {
  return {
    /** Adds the vote; false when this voter had already voted for this song. */
    async add(row: SkipVotesTable): Promise<boolean> {
      const result = await db
        .insertInto("skip_votes")
        .values(row)
        .onConflict((oc) => oc.columns(["submission_id", "voter_key"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async count(submissionId: string): Promise<number> {
      const row = await db
        .selectFrom("skip_votes")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("submission_id", "=", submissionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async hasVoted(submissionId: string, voterKey: string): Promise<boolean> {
      const row = await db.selectFrom("skip_votes").select("voter_key").where("submission_id", "=", submissionId).where("voter_key", "=", voterKey).executeTakeFirst();
      return row !== undefined;
    },
  };
}
