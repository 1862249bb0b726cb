import { QUEUE_TYPES } from "@common/entry-status";
import type { Db } from "../../db/kysely";
import type { AnalyticsSessionPlaysTable, AnalyticsSessionsTable } from "../../db/tables/analytics";

export type SessionRow = AnalyticsSessionsTable;
/** A play with the host's score of the song (review mode), null when unscored. */
export type SessionPlayRow = AnalyticsSessionPlaysTable & { score: number | null };

const waitSeconds = (submittedAt: string, playedAt: string) => Math.max(0, Math.round((Date.parse(playedAt) - Date.parse(submittedAt)) / 1000));

/** Sessions, the plays counted in them, and the figures of the priority analytics. */
export function createAnalyticsRepository(db: Db) {
  /** Played submissions with these ids, as a session stores them. */
  async function playsOf(ids: string[]): Promise<Omit<AnalyticsSessionPlaysTable, "session_id" | "skipped">[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("submissions")
      .select(["id", "artist_name", "track_title", "username", "priority_level", "submitted_at", "played_at"])
      .where("id", "in", ids)
      .where("status", "=", "played")
      .where("played_at", "is not", null)
      .execute();
    return rows.map((row) => ({
      submission_id: row.id,
      artist_name: row.artist_name,
      track_title: row.track_title,
      username: row.username,
      priority_level: row.priority_level,
      submitted_at: row.submitted_at,
      played_at: row.played_at!,
      wait_seconds: waitSeconds(row.submitted_at, row.played_at!),
    }));
  }

  return {
    async insertSession(row: SessionRow): Promise<void> {
      await db.insertInto("analytics_sessions").values(row).execute();
    },

    async liveSession(): Promise<SessionRow | undefined> {
      return db.selectFrom("analytics_sessions").selectAll().where("is_live", "=", 1).executeTakeFirst();
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      return db.selectFrom("analytics_sessions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Newest first. */
    async allSessions(): Promise<SessionRow[]> {
      return db.selectFrom("analytics_sessions").selectAll().orderBy("opened_at", "desc").orderBy("id", "desc").execute();
    },

    /** The session that was live at `at` (between its Start and End clicks). */
    async sessionLiveAt(at: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom("analytics_sessions")
        .selectAll()
        .where("opened_at", "<=", at)
        .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">", at)]))
        .orderBy("opened_at", "desc")
        .executeTakeFirst();
    },

    /** Ends the session if it is still live; undefined when it was not. */
    async endSession(id: string, endedAt: string): Promise<SessionRow | undefined> {
      return db.updateTable("analytics_sessions").set({ is_live: 0, ended_at: endedAt }).where("id", "=", id).where("is_live", "=", 1).returningAll().executeTakeFirst();
    },

    /** Marks a live session saved; undefined when it is not live. */
    async markSaved(id: string, savedAt: string): Promise<SessionRow | undefined> {
      return db.updateTable("analytics_sessions").set({ saved_at: savedAt }).where("id", "=", id).where("is_live", "=", 1).returningAll().executeTakeFirst();
    },

    /**
     * Counts played submissions in a session; those already in a session stay where they are.
     * `skipped`: the viewers voted them off before they ended.
     */
    async addPlays(sessionId: string, submissionIds: string[], options: { skipped?: boolean } = {}): Promise<number> {
      const plays = await playsOf([...new Set(submissionIds)]);
      if (plays.length === 0) return 0;
      const result = await db
        .insertInto("analytics_session_plays")
        .values(plays.map((play) => ({ ...play, session_id: sessionId, skipped: options.skipped ? 1 : 0 })))
        .onConflict((oc) => oc.column("submission_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Plays of these sessions, in play order. */
    async playsOfSessions(sessionIds: string[]): Promise<SessionPlayRow[]> {
      if (sessionIds.length === 0) return [];
      return db
        .selectFrom("analytics_session_plays as p")
        .leftJoin("submission_reviews as r", "r.submission_id", "p.submission_id")
        .selectAll("p")
        .select("r.score")
        .where("p.session_id", "in", sessionIds)
        .orderBy("p.played_at")
        .orderBy("p.submission_id")
        .execute();
    },

    /** Live entries per priority tier, and per payment source among the priority ones. */
    async livePriorityCounts(): Promise<{ tiers: Map<number, number>; sources: { source: string; count: number }[] }> {
      const tierRows = await db
        .selectFrom("submissions")
        .select(["priority_level", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", QUEUE_TYPES)
        .where("priority_level", ">", 0)
        .groupBy("priority_level")
        .execute();
      const sourceRows = await db
        .selectFrom("submissions")
        .select(["payment_source", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", QUEUE_TYPES)
        .where("priority_level", ">", 0)
        .where("payment_source", "is not", null)
        .groupBy("payment_source")
        .execute();
      return {
        tiers: new Map(tierRows.map((row) => [row.priority_level, Number(row.count)])),
        sources: sourceRows.map((row) => ({ source: row.payment_source!, count: Number(row.count) })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)),
      };
    },

    /** Every play ever: how many were of a priority tier, how many regular, and their submission and play times. */
    async playedTimes(): Promise<{ priority_level: number; submitted_at: string; played_at: string }[]> {
      const rows = await db
        .selectFrom("submissions")
        .select(["priority_level", "submitted_at", "played_at"])
        .where("status", "=", "played")
        .where("played_at", "is not", null)
        .execute();
      return rows.map((row) => ({ priority_level: row.priority_level, submitted_at: row.submitted_at, played_at: row.played_at! }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
