import { z } from "zod";

/** How long the server keeps an answer of the video platform before asking again. */
export const LIVE_STREAM_CACHE_SECONDS = 30;
/** How often open pages ask whether the stream is live. */
export const LIVE_STREAM_REFETCH_MS = 60_000;

export const liveStreamEmbedsSchema = z.object({
  player: z.string(),
  chat: z.string(),
});

/** GET integrations/youtube/live: whether the stream is on air, its video and how to embed it. */
export const liveStreamInfoSchema = z.object({
  live: z.boolean(),
  videoId: z.string().nullable(),
  embeds: liveStreamEmbedsSchema.nullable(),
  /** Why the stream does not count as live (no link set, no API key, not live, the platform unreachable); null while live. */
  reason: z.string().nullable(),
});
export type LiveStreamInfo = z.infer<typeof liveStreamInfoSchema>;

export const LIVE_STREAM_REASONS = {
  noLink: "No stream link is set.",
  unsupportedLink: "The stream link names neither a YouTube video nor a channel.",
  noApiKey: "The YouTube API key is not configured.",
  notLive: "The stream is not live.",
  notFound: "The video or channel was not found on YouTube.",
  unavailable: "YouTube could not be reached.",
} as const;

/** Player and chat addresses; the chat only loads when embed_domain matches the page's own domain. */
export function liveStreamEmbeds(videoId: string, hostname: string): z.infer<typeof liveStreamEmbedsSchema> {
  return {
    // enablejsapi lets the page read whether the video plays (watch time).
    player: `https://www.youtube.com/embed/${videoId}?autoplay=1&rel=0&enablejsapi=1`,
    chat: `https://www.youtube.com/live_chat?v=${videoId}&embed_domain=${encodeURIComponent(hostname)}`,
  };
}
