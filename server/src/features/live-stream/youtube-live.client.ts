import { z } from "zod";
import { youtubeVideoId } from "@common/youtube";
import type { Config } from "../../config";

/** What a stream link names: one video, or a channel (by id or @handle) whose current live video is wanted. */
export type StreamTarget = { kind: "video"; videoId: string } | { kind: "channel"; channelId: string } | { kind: "handle"; handle: string };

const CHANNEL_ID = /^UC[\w-]{22}$/;
const HANDLE = /^@[\w.-]{3,100}$/;

/** Reads a stream link: a video address (any usual form), youtube.com/channel/UC…, youtube.com/@handle or a bare @handle. */
export function streamTargetOf(link: string): StreamTarget | null {
  const videoId = youtubeVideoId(link);
  if (videoId) return { kind: "video", videoId };
  const text = link.trim();
  if (HANDLE.test(text)) return { kind: "handle", handle: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!["youtube.com", "www.youtube.com", "m.youtube.com"].includes(url.hostname)) return null;
  const [, first, second] = url.pathname.split("/");
  if (first === "channel" && second && CHANNEL_ID.test(second)) return { kind: "channel", channelId: second };
  const handle = first ? decodedSegment(first) : "";
  if (handle && HANDLE.test(handle)) return { kind: "handle", handle };
  return null;
}

/** A path segment percent-decoded, or null when its escapes are malformed (a lone `%`, bytes that are no UTF-8). */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The platform said no, or could not be asked; the message is for the log. */
export class YoutubeApiError extends Error {}

/** What YouTube says about a target: the live video's id, or why there is none. */
export type LiveLookup = { videoId: string; missing: null } | { videoId: null; missing: "not_live" | "not_found" };

const videosSchema = z.object({
  items: z.array(z.object({ id: z.string(), snippet: z.object({ liveBroadcastContent: z.string() }).optional() })).default([]),
});
const searchSchema = z.object({
  items: z.array(z.object({ id: z.object({ videoId: z.string().optional() }) })).default([]),
});
const channelsSchema = z.object({ items: z.array(z.object({ id: z.string() })).default([]) });

/** The only code that asks the YouTube Data API v3 whether something is live. */
export function createYoutubeLiveClient(config: Config["youtube"]) {
  async function get<T>(resource: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const query = new URLSearchParams({ ...params, key: config.apiKey ?? "" });
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/${resource}?${query}`, { signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      throw new YoutubeApiError(`${resource}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = z.object({ error: z.object({ message: z.string() }) }).safeParse(body);
      throw new YoutubeApiError(`${resource}: HTTP ${response.status}${message.success ? ` ${message.data.error.message}` : ""}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new YoutubeApiError(`${resource}: unexpected answer`);
    return parsed.data;
  }

  return {
    configured: Boolean(config.apiKey),

    /** videos.list (1 unit of the daily quota): whether this video is live now. */
    async videoLive(videoId: string): Promise<LiveLookup> {
      const found = await get("videos", { part: "snippet,liveStreamingDetails", id: videoId }, videosSchema);
      const video = found.items.find((item) => item.id === videoId);
      if (!video) return { videoId: null, missing: "not_found" };
      return video.snippet?.liveBroadcastContent === "live" ? { videoId: video.id, missing: null } : { videoId: null, missing: "not_live" };
    },

    /** channels.list (1 unit): the channel id of an @handle, or null when no channel has it. */
    async channelIdOfHandle(handle: string): Promise<string | null> {
      const channels = await get("channels", { part: "id", forHandle: handle }, channelsSchema);
      return channels.items[0]?.id ?? null;
    },

    /** search.list (100 units: a tenth of a day's default quota for ten calls): the channel's live video. */
    async channelLiveVideo(channelId: string): Promise<LiveLookup> {
      const found = await get("search", { part: "snippet", channelId, eventType: "live", type: "video", maxResults: "1" }, searchSchema);
      const videoId = found.items.find((item) => item.id.videoId)?.id.videoId;
      return videoId ? { videoId, missing: null } : { videoId: null, missing: "not_live" };
    },
  };
}

export type YoutubeLiveClient = ReturnType<typeof createYoutubeLiveClient>;
