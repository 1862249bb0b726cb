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
  unsupportedLink: "The stream link names neither a YouTube video or channel nor a Twitch channel.",
  noApiKey: "The YouTube API key is not configured.",
  notLive: "The stream is not live.",
  notFound: "The video or channel was not found on YouTube.",
  unavailable: "YouTube could not be reached.",
  twitchNotConfigured: "Twitch is not configured on this server.",
  twitchUnavailable: "Twitch could not be reached.",
} as const;

/** Player and chat addresses; the chat only loads when embed_domain matches the page's own domain. */
export function liveStreamEmbeds(videoId: string, hostname: string): z.infer<typeof liveStreamEmbedsSchema> {
  return {
    // enablejsapi lets the page read whether the video plays (watch time).
    player: `https://www.youtube.com/embed/${videoId}?autoplay=1&rel=0&enablejsapi=1`,
    chat: `https://www.youtube.com/live_chat?v=${videoId}&embed_domain=${encodeURIComponent(hostname)}`,
  };
}

const TWITCH_LOGIN = /^[a-z0-9_]{3,25}$/;

/** The Twitch channel a stream link names (twitch.tv/<login>), lowercased; null for any other link. */
export function twitchChannelOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!["twitch.tv", "www.twitch.tv", "m.twitch.tv"].includes(url.hostname)) return null;
  const login = url.pathname.split("/")[1]?.toLowerCase() ?? "";
  return TWITCH_LOGIN.test(login) ? login : null;
}

/** Twitch's player and chat; both load only on the `parent` domain, the page's own. */
export function twitchEmbeds(login: string, hostname: string): z.infer<typeof liveStreamEmbedsSchema> {
  const parent = encodeURIComponent(hostname);
  return {
    player: `https://player.twitch.tv/?channel=${login}&parent=${parent}&autoplay=true`,
    chat: `https://www.twitch.tv/embed/${login}/chat?parent=${parent}`,
  };
}
