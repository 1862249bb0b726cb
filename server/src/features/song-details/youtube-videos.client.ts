import { z } from "zod";
import type { Config } from "../../config";

/** videos.list takes at most this many ids in one call (one quota unit whatever the count). */
export const VIDEOS_PER_CALL = 50;

/** What videos.list says of one video; null fields when YouTube leaves a part out. */
export interface YoutubeVideoDetails {
  title: string | null;
  channel: string | null;
  duration_seconds: number | null;
  thumbnail_url: string | null;
  embeddable: boolean | null;
  age_restricted: boolean | null;
}

/** YouTube said no, or could not be asked; the message is for the log. */
export class YoutubeVideosError extends Error {}
/** The project's daily quota is used up (403 quotaExceeded): nothing more today. */
export class YoutubeQuotaExceededError extends YoutubeVideosError {}

const thumbnailSchema = z.object({ url: z.string() }).optional().catch(undefined);
const videoSchema = z.object({
  id: z.string(),
  snippet: z
    .object({
      title: z.string().optional().catch(undefined),
      channelTitle: z.string().optional().catch(undefined),
      thumbnails: z.object({ medium: thumbnailSchema, high: thumbnailSchema, default: thumbnailSchema }).partial().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  contentDetails: z
    .object({
      duration: z.string().optional().catch(undefined),
      contentRating: z
        .object({ ytRating: z.string().optional().catch(undefined) })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  status: z
    .object({ embeddable: z.boolean().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
const listSchema = z.object({ items: z.array(z.unknown()).default([]) });
const errorSchema = z.object({ error: z.object({ message: z.string().optional(), errors: z.array(z.object({ reason: z.string().optional() })).optional() }) });
const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);

/** Seconds of an ISO 8601 duration as videos.list writes it (`PT15M51S`, `PT1H2M3S`, `P1DT2H`, `P0D` for a live video); null when unreadable. */
export function parseIsoDuration(text: string | undefined): number | null {
  const match = text ? /^P(?:(\d{1,4})W)?(?:(\d{1,5})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,7})M)?(?:(\d{1,9})S)?)?$/.exec(text) : null;
  if (!match || text === "P" || text?.endsWith("T")) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = (((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
  // A length no song has (the column is a 32-bit integer) is no length.
  return total <= 2_147_483_647 ? total : null;
}

function detailsOf(video: z.infer<typeof videoSchema>): YoutubeVideoDetails {
  const thumbnails = video.snippet?.thumbnails;
  return {
    title: video.snippet?.title ?? null,
    channel: video.snippet?.channelTitle ?? null,
    duration_seconds: parseIsoDuration(video.contentDetails?.duration),
    thumbnail_url: (thumbnails?.medium ?? thumbnails?.high ?? thumbnails?.default)?.url ?? null,
    embeddable: video.status?.embeddable ?? null,
    age_restricted: video.contentDetails ? video.contentDetails.contentRating?.ytRating === "ytAgeRestricted" : null,
  };
}

/** The only code that asks the YouTube Data API what linked videos are (videos.list, 1 unit a call). */
export function createYoutubeVideosClient(config: Config["youtube"]) {
  return {
    configured: Boolean(config.apiKey),

    /**
     * Up to 50 videos in one call: each id's details, or null when YouTube returns nothing for it (an
     * unknown, deleted or private video). Throws YoutubeQuotaExceededError or YoutubeVideosError.
     */
    async list(ids: string[]): Promise<Map<string, YoutubeVideoDetails | null>> {
      if (ids.length === 0 || ids.length > VIDEOS_PER_CALL) throw new YoutubeVideosError(`videos.list takes 1 to ${VIDEOS_PER_CALL} ids`);
      const query = new URLSearchParams({ part: "snippet,contentDetails,status", id: ids.join(","), maxResults: String(VIDEOS_PER_CALL), key: config.apiKey ?? "" });
      let response: Response;
      try {
        response = await fetch(`${config.apiBase}/videos?${query}`, { signal: AbortSignal.timeout(config.timeoutMs) });
      } catch (error) {
        throw new YoutubeVideosError(`videos.list: ${error instanceof Error ? error.message : String(error)}`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const error = errorSchema.safeParse(body);
        const reasons = error.success ? (error.data.error.errors ?? []).map((item) => item.reason ?? "") : [];
        const message = `videos.list: HTTP ${response.status}${error.success && error.data.error.message ? ` ${error.data.error.message}` : ""}`;
        throw response.status === 403 && reasons.some((reason) => QUOTA_REASONS.has(reason)) ? new YoutubeQuotaExceededError(message) : new YoutubeVideosError(message);
      }
      const list = listSchema.safeParse(body);
      if (!list.success) throw new YoutubeVideosError("videos.list: unexpected answer");
      const found = new Map<string, YoutubeVideoDetails | null>(ids.map((id) => [id, null]));
      for (const item of list.data.items) {
        const video = videoSchema.safeParse(item);
        if (video.success && found.has(video.data.id)) found.set(video.data.id, detailsOf(video.data));
      }
      return found;
    },
  };
}

export type YoutubeVideosClient = ReturnType<typeof createYoutubeVideosClient>;
