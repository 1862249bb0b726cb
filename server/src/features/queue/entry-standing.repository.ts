import type { Db } from "../../db/kysely";

export interface PlayCountRow {
  user_id: string;
  owner_id: string | null;
  played: number;
}

export interface SubmissionDayRow {
  user_id: string;
  owner_id: string | null;
  submitted_at: string;
}

/** The history reads behind an entry's standing (account level, streak), for a whole list at once. */
export function createEntryStandingRepository(db: Db) {
  return {
    /** Played songs per submitter id and linked account, for the given ids. */
    async playCounts(ids: string[]): Promise<PlayCountRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("submissions")
        .select(["user_id", "owner_id", (eb) => eb.fn.countAll<number>().as("played")])
        .where("status", "=", "played")
        .where((eb) => eb.or([eb("user_id", "in", ids), eb("owner_id", "in", ids)]))
        .groupBy(["user_id", "owner_id"])
        .execute();
      return rows.map((row) => ({ ...row, played: Number(row.played) }));
    },

    /** When these submitters (or linked accounts) submitted, since `since`. */
    async submissionsSince(ids: string[], since: string): Promise<SubmissionDayRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("submissions")
        .select(["user_id", "owner_id", "submitted_at"])
        .where("submitted_at", ">=", since)
        .where((eb) => eb.or([eb("user_id", "in", ids), eb("owner_id", "in", ids)]))
        .execute();
    },

    /** Every UTC hour (ISO, "2026-01-31T22") in which a song was played since `since`: when shows ran. */
    async playHoursSince(since: string): Promise<string[]> {
      const rows = await db
        .selectFrom("submissions")
        .select((eb) => eb.fn<string>("substr", ["played_at", eb.val(1), eb.val(13)]).as("hour"))
        .where("status", "=", "played")
        .where("played_at", ">=", since)
        .distinct()
        .execute();
      return rows.map((row) => row.hour);
    },
  };
}
