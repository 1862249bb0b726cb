import type { Clock } from "../../lib/clock";
import type { LiveLookup, StreamTarget, YoutubeLiveClient } from "./youtube-live.client";

const HANDLE_TTL_MS = 24 * 60 * 60 * 1000;

export interface LiveTargetLookupDeps {
  youtube: Pick<YoutubeLiveClient, "videoLive" | "channelIdOfHandle" | "channelLiveVideo">;
  clock: Clock;
  /** Least time between two searches of a channel for its live video (search.list costs 100 units). */
  channelSearchIntervalMs: number;
}

/**
 * Answers whether one stream link's video or channel is live while spending little of the YouTube
 * Data API's daily quota (10,000 units by default): a video costs 1 unit a question; a handle is
 * resolved once a day; a channel is searched (100 units) at most once per interval, failures
 * included, and the live video a search found is then followed for 1 unit a question until it ends.
 * One lookup serves one link: the service makes a new one when the host changes the link.
 */
export function createLiveTargetLookup(deps: LiveTargetLookupDeps) {
  let handleAnswer: { handle: string; channelId: string | null; at: number } | null = null;
  let channel: { channelId: string; liveVideoId: string | null; searchedAt: number } | null = null;
  const now = () => deps.clock.now().getTime();

  async function channelIdOf(handle: string): Promise<string | null> {
    if (handleAnswer?.handle === handle && now() - handleAnswer.at < HANDLE_TTL_MS) return handleAnswer.channelId;
    const channelId = await deps.youtube.channelIdOfHandle(handle);
    handleAnswer = { handle, channelId, at: now() };
    return channelId;
  }

  async function channelLive(channelId: string): Promise<LiveLookup> {
    const known = channel?.channelId === channelId ? channel : null;
    if (known?.liveVideoId) {
      const video = await deps.youtube.videoLive(known.liveVideoId);
      if (video.videoId) return video;
      known.liveVideoId = null;
    }
    if (known && now() - known.searchedAt < deps.channelSearchIntervalMs) return { videoId: null, missing: "not_live" };
    // Counted before the call: a failed search waits its turn like one that answered.
    const searched: { channelId: string; liveVideoId: string | null; searchedAt: number } = { channelId, liveVideoId: null, searchedAt: now() };
    channel = searched;
    const found = await deps.youtube.channelLiveVideo(channelId);
    searched.liveVideoId = found.videoId;
    return found;
  }

  return {
    async liveVideo(target: StreamTarget): Promise<LiveLookup> {
      if (target.kind === "video") return deps.youtube.videoLive(target.videoId);
      const channelId = target.kind === "channel" ? target.channelId : await channelIdOf(target.handle);
      return channelId ? channelLive(channelId) : { videoId: null, missing: "not_found" };
    },
  };
}

export type LiveTargetLookup = ReturnType<typeof createLiveTargetLookup>;
