import type { Db } from "../../db/kysely";
import type { SongDetailsTable } from "../../db/tables/song-details";

const LIVE_STATUSES = ["waiting", "active", "on_hold"] as const;
const LOOKED_UP_PLATFORMS = ["youtube", "soundcloud", "spotify"] as const;

/** A linked song some live entry is waiting to have details for: its key and one address it was sent as. */
export interface MissingSong {
  canonical_key: string;
  link: string;
}

/** The reads and writes of song details and of the YouTube quota spent per day. */
export function createSongDetailsRepository(db: Db) {
  return {
    /** Songs of live entries with no details, or details fetched before `staleBefore`; the longest-waiting first. */
    async missing(staleBefore: string, limit: number): Promise<MissingSong[]> {
      const rows = await db
        .selectFrom("submissions as s")
        .leftJoin("song_details as d", "d.canonical_key", "s.canonical_key")
        .select((eb) => ["s.canonical_key", eb.fn.min("s.link").as("link"), eb.fn.min("s.submitted_at").as("first_at")])
        .where("s.status", "in", LIVE_STATUSES)
        .where("s.file_key", "is", null)
        .where((eb) => eb.or(LOOKED_UP_PLATFORMS.map((platform) => eb("s.canonical_key", "like", `${platform}:%`))))
        .where((eb) => eb.or([eb("d.canonical_key", "is", null), eb("d.fetched_at", "<", staleBefore)]))
        .groupBy("s.canonical_key")
        .orderBy("first_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ canonical_key: row.canonical_key!, link: String(row.link) }));
    },

    async byKeys(keys: string[]): Promise<SongDetailsTable[]> {
      if (keys.length === 0) return [];
      return db.selectFrom("song_details").selectAll().where("canonical_key", "in", keys).execute();
    },

    async save(rows: SongDetailsTable[]): Promise<void> {
      for (const row of rows) {
        const { canonical_key: _key, ...changes } = row;
        await db
          .insertInto("song_details")
          .values(row)
          .onConflict((oc) => oc.column("canonical_key").doUpdateSet(changes))
          .execute();
      }
    },

    /** Counts one unit against `day` if that keeps it within `budget`; false when the budget is spent. */
    async spendUnit(day: string, budget: number): Promise<boolean> {
      await db
        .insertInto("youtube_quota_days")
        .values({ day, units_used: 0 })
        .onConflict((oc) => oc.column("day").doNothing())
        .execute();
      const result = await db
        .updateTable("youtube_quota_days")
        .set((eb) => ({ units_used: eb("units_used", "+", 1) }))
        .where("day", "=", day)
        .where("units_used", "<", budget)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** YouTube said the project's quota is used up: the day counts as spent. */
    async spendAll(day: string, budget: number): Promise<void> {
      await db.updateTable("youtube_quota_days").set({ units_used: budget }).where("day", "=", day).where("units_used", "<", budget).execute();
    },

    async unitsUsed(day: string): Promise<number> {
      const row = await db.selectFrom("youtube_quota_days").select("units_used").where("day", "=", day).executeTakeFirst();
      return Number(row?.units_used ?? 0);
    },
  };
}

export type SongDetailsRepository = ReturnType<typeof createSongDetailsRepository>;
