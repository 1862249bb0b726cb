import DataLoader from "dataloader";
import { canonicalizeLink } from "@common/link-canonical";
import type { SongDetails, YoutubeQuota } from "@common/song-details";
import type { Config } from "../../config";
import type { Db } from "../../db/kysely";
import type { SongDetailsTable } from "../../db/tables/song-details";
import type { EventBus } from "../../events/domain-events";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import type { ServiceLog } from "../../lib/log";
import { createOembedClient, type OembedPlatform } from "./oembed.client";
import { quotaDayEnd, quotaDayOf } from "./quota-day";
import { createSongDetailsRepository, type MissingSong } from "./song-details.repository";
import { isAllowedThumbnail } from "./thumbnail-origins";
import { createYoutubeVideosClient, VIDEOS_PER_CALL, YoutubeQuotaExceededError, type YoutubeVideoDetails } from "./youtube-videos.client";

/** Without a new entry to prompt it, the live entries are checked for missing details this often (a budget's new day, a failed lookup). */
const RECHECK_MS = 60_000;
/** After a platform failed (a timeout, a 5xx), it is not asked again for this long. */
const RETRY_MS = 60_000;
/** Songs looked up in one pass at most. */
const PASS_LIMIT = 500;

export interface SongDetailsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: ServiceLog;
  youtube: Config["youtube"];
  config: Config["songDetails"];
}

/** Longest title or channel name kept; what platforms send is text to show, never markup. */
const TEXT_MAX = 300;
const cleanText = (text: string | null) => {
  const cleaned = text
    ?.replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TEXT_MAX);
  return cleaned ? cleaned : null;
};
const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
const bool = (value: number | null) => (value === null ? null : value === 1);

/**
 * Song details for links: the title, channel, length and thumbnail their platform gives (YouTube's
 * videos.list, batched 50 ids a call and within the host's daily quota budget; SoundCloud's and
 * Spotify's oEmbed), cached by canonical key. Lookups run off the request path, in the job that calls
 * `fillMissing`; each pass ends with `song_details.found`, so the lists and the host's length limit see them.
 */
export function createSongDetailsService(deps: SongDetailsDeps) {
  const repository = createSongDetailsRepository(deps.db);
  // The keys asked for in one turn are read with one query: in a raid, each answer of a group commit
  // describes its own song. Never cached, as details found later must show.
  const storedDetails = new DataLoader<string, SongDetailsTable | undefined>(
    async (keys) => {
      const found = new Map((await repository.byKeys([...keys])).map((row) => [row.canonical_key, row]));
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: 500 },
  );
  const youtube = createYoutubeVideosClient(deps.youtube);
  const oembed = createOembedClient(deps.config);
  const budget = deps.config.dailyQuotaUnits;
  let prompted = true;
  let lastPassAt = Number.NEGATIVE_INFINITY;
  const retryAt = { youtube: 0, oembed: 0 };

  deps.events.subscribe((event) => {
    if (event.name === "submission.added" || event.name === "submission.edited" || event.name === "queue.bulk_changed") prompted = true;
  });

  const row = (canonical_key: string, fetchedAt: string, found: Omit<SongDetailsTable, "canonical_key" | "available" | "fetched_at"> | null): SongDetailsTable => ({
    canonical_key,
    available: found ? 1 : 0,
    title: cleanText(found?.title ?? null),
    channel: cleanText(found?.channel ?? null),
    duration_seconds: found?.duration_seconds ?? null,
    thumbnail_url: found?.thumbnail_url && found.thumbnail_url.length <= 2000 ? found.thumbnail_url : null,
    embeddable: found?.embeddable ?? null,
    age_restricted: found?.age_restricted ?? null,
    fetched_at: fetchedAt,
  });
  const youtubeRow = (key: string, at: string, video: YoutubeVideoDetails | null) =>
    row(key, at, video && { ...video, embeddable: flag(video.embeddable), age_restricted: flag(video.age_restricted) });

  /** YouTube's songs, 50 a call, each call one unit of today's budget; stops at the budget, a quota error or a failure. */
  async function lookUpYoutube(songs: MissingSong[], now: Date): Promise<SongDetailsTable[]> {
    if (!youtube.configured || songs.length === 0 || now.getTime() < retryAt.youtube) return [];
    const found: SongDetailsTable[] = [];
    const day = quotaDayOf(now);
    for (let start = 0; start < songs.length; start += VIDEOS_PER_CALL) {
      const batch = songs.slice(start, start + VIDEOS_PER_CALL);
      if (!(await repository.spendUnit(day, budget))) break;
      try {
        const videos = await youtube.list(batch.map((song) => song.canonical_key.slice("youtube:".length)));
        const at = toIso(deps.clock.now());
        for (const song of batch) found.push(youtubeRow(song.canonical_key, at, videos.get(song.canonical_key.slice("youtube:".length)) ?? null));
      } catch (err) {
        if (err instanceof YoutubeQuotaExceededError) await repository.spendAll(day, budget);
        else retryAt.youtube = now.getTime() + RETRY_MS;
        deps.log.warn({ err }, "song details: YouTube could not be asked");
        break;
      }
    }
    return found;
  }

  /** SoundCloud's and Spotify's songs, one oEmbed call each (no quota); stops at the first failure. */
  async function lookUpOembed(songs: MissingSong[], now: Date): Promise<SongDetailsTable[]> {
    if (now.getTime() < retryAt.oembed) return [];
    const found: SongDetailsTable[] = [];
    for (const song of songs) {
      const canonical = canonicalizeLink(song.link);
      if (!canonical) continue;
      try {
        const details = await oembed.lookup(canonical.platform as OembedPlatform, canonical.url);
        found.push(row(song.canonical_key, toIso(deps.clock.now()), details && { ...details, duration_seconds: null, embeddable: null, age_restricted: null }));
      } catch (err) {
        retryAt.oembed = now.getTime() + RETRY_MS;
        deps.log.warn({ err }, "song details: oEmbed could not be asked");
        break;
      }
    }
    return found;
  }

  return {
    /**
     * Looks up the songs of live entries that have no details (or stale ones): at once after a new
     * entry, else once a minute. Returns how many songs got details.
     */
    async fillMissing(): Promise<number> {
      const now = deps.clock.now();
      if (!prompted && now.getTime() - lastPassAt < RECHECK_MS) return 0;
      prompted = false;
      lastPassAt = now.getTime();
      const missing = await repository.missing(toIso(new Date(now.getTime() - deps.config.freshMs)), PASS_LIMIT);
      if (missing.length === 0) return 0;
      const isYoutube = (song: MissingSong) => song.canonical_key.startsWith("youtube:");
      const found = [
        ...(await lookUpYoutube(missing.filter(isYoutube), now)),
        ...(await lookUpOembed(
          missing.filter((song) => !isYoutube(song)),
          now,
        )),
      ];
      if (found.length === 0) return 0;
      await repository.save(found);
      await deps.events.emit("song_details.found", { songs: found.map((song) => ({ canonical_key: song.canonical_key, duration_seconds: song.duration_seconds })) });
      return found.length;
    },

    /** The details known for these canonical keys (stale ones too); thumbnails only from the allowed origins. */
    async describe(keys: string[]): Promise<Map<string, SongDetails>> {
      const rows = await Promise.all([...new Set(keys)].map((key) => storedDetails.load(key)));
      return new Map(
        rows
          .flatMap((found) => (found ? [found] : []))
          .map((found) => [
            found.canonical_key,
            {
              available: found.available === 1,
              title: found.title,
              channel: found.channel,
              duration_seconds: found.duration_seconds,
              thumbnail_url: isAllowedThumbnail(found.thumbnail_url, deps.config.thumbnailOrigins) ? found.thumbnail_url : null,
              embeddable: bool(found.embeddable),
              age_restricted: bool(found.age_restricted),
            },
          ]),
      );
    },

    /** The Data API units the details spent today, and the budget. Admins only. */
    async quota(actor: Actor): Promise<YoutubeQuota> {
      requireActiveAdmin(actor);
      const now = deps.clock.now();
      const day = quotaDayOf(now);
      return { configured: youtube.configured, units_used: await repository.unitsUsed(day), budget, day, resets_at: toIso(quotaDayEnd(now)) };
    },
  };
}

export type SongDetailsService = ReturnType<typeof createSongDetailsService>;
