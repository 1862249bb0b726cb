import type { Db } from "../../db/kysely";

export interface LiveSessionRef {
  id: string;
}

export interface SessionPlay {
  submission_id: string;
  artist_name: string;
  track_title: string;
  username: string;
  played_at: string;
}

/** Votes and their per-member usage, read against the live analytics session; SQLite and PostgreSQL both. */
export function createVotesRepository(db: Db) {
  return {
    async liveSession(): Promise<LiveSessionRef | undefined> {
      return db.selectFrom("analytics_sessions").select("id").where("is_live", "=", 1).executeTakeFirst();
    },

    /** The songs counted in the session, in play order. */
    async plays(sessionId: string): Promise<SessionPlay[]> {
      return db
        .selectFrom("analytics_session_plays")
        .select(["submission_id", "artist_name", "track_title", "username", "played_at"])
        .where("session_id", "=", sessionId)
        .orderBy("played_at")
        .orderBy("submission_id")
        .execute();
    },

    async isPlayedIn(sessionId: string, submissionId: string): Promise<boolean> {
      const row = await db
        .selectFrom("analytics_session_plays")
        .select("submission_id")
        .where("session_id", "=", sessionId)
        .where("submission_id", "=", submissionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of these submissions the member made (under their account, or claimed since). */
    async submittedBy(userId: string, submissionIds: string[]): Promise<Set<string>> {
      if (submissionIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("submissions")
        .select("id")
        .where("id", "in", submissionIds)
        .where((eb) => eb.or([eb("user_id", "=", userId), eb("owner_id", "=", userId)]))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Votes per song of the session. */
    async voteCounts(sessionId: string, submissionIds?: string[]): Promise<Map<string, number>> {
      if (submissionIds?.length === 0) return new Map();
      let query = db
        .selectFrom("votes")
        .select(["submission_id", (eb) => eb.fn.countAll<number>().as("count")])
        .where("session_id", "=", sessionId)
        .groupBy("submission_id");
      if (submissionIds) query = query.where("submission_id", "in", submissionIds);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.submission_id, Number(row.count)]));
    },

    /** The songs of the session the member voted for. */
    async votedBy(sessionId: string, userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom("votes").select("submission_id").where("session_id", "=", sessionId).where("user_id", "=", userId).execute();
      return new Set(rows.map((row) => row.submission_id));
    },

    async used(sessionId: string, userId: string): Promise<number> {
      const row = await db.selectFrom("vote_usage").select("used").where("session_id", "=", sessionId).where("user_id", "=", userId).executeTakeFirst();
      return row?.used ?? 0;
    },

    async hasVoted(trx: Db, sessionId: string, userId: string, submissionId: string): Promise<boolean> {
      const row = await trx
        .selectFrom("votes")
        .select("id")
        .where("session_id", "=", sessionId)
        .where("user_id", "=", userId)
        .where("submission_id", "=", submissionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Counts one more vote unless the member has used `max` already: one conditional UPDATE, which takes
     * the member's row lock on PostgreSQL (a concurrent vote waits and re-checks the count after this
     * transaction ends; SQLite runs one write transaction at a time). False when no vote is left.
     */
    async takeVote(trx: Db, sessionId: string, userId: string, max: number): Promise<boolean> {
      await trx
        .insertInto("vote_usage")
        .values({ session_id: sessionId, user_id: userId, used: 0 })
        .onConflict((oc) => oc.columns(["session_id", "user_id"]).doNothing())
        .execute();
      const row = await trx
        .updateTable("vote_usage")
        .set((eb) => ({ used: eb("used", "+", 1) }))
        .where("session_id", "=", sessionId)
        .where("user_id", "=", userId)
        .where("used", "<", max)
        .returning("used")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes the vote; false when the member already voted for this song (the unique index decides). */
    async insertVote(trx: Db, vote: { id: string; session_id: string; user_id: string; submission_id: string; created_at: string }): Promise<boolean> {
      const result = await trx
        .insertInto("votes")
        .values(vote)
        .onConflict((oc) => oc.columns(["session_id", "user_id", "submission_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Takes a vote back and gives it to the member again; false when there was none. */
    async removeVote(trx: Db, sessionId: string, userId: string, submissionId: string): Promise<boolean> {
      const removed = await trx.deleteFrom("votes").where("session_id", "=", sessionId).where("user_id", "=", userId).where("submission_id", "=", submissionId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await trx
        .updateTable("vote_usage")
        .set((eb) => ({ used: eb("used", "-", 1) }))
        .where("session_id", "=", sessionId)
        .where("user_id", "=", userId)
        .where("used", ">", 0)
        .execute();
      return true;
    },

    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type VotesRepository = ReturnType<typeof createVotesRepository>;
