import { LIVE_STREAM_CACHE_SECONDS, LIVE_STREAM_REASONS, liveStreamEmbeds, twitchChannelOf, twitchEmbeds, type LiveStreamInfo } from "@common/live-stream";
import type { Clock } from "../../lib/clock";
import type { ServiceLog } from "../../lib/log";
import type { SettingsService } from "../settings/settings.service";
import { streamTargetOf, type YoutubeLiveClient } from "./youtube-live.client";
import { createLiveTargetLookup, type LiveTargetLookup } from "./live-target-lookup";

/** Whether the stream is live now: the live video's id, or why there is none. */
export type LiveState = { videoId: string; reason: null } | { videoId: null; reason: string };

export interface LiveStreamServiceDeps {
  settings: Pick<SettingsService, "get">;
  clock: Clock;
  log: ServiceLog;
  youtube: YoutubeLiveClient;
  /** Whether a Twitch channel is live (Helix streams); absent when Twitch is not configured. */
  twitch?: { isLive(login: string): Promise<boolean> };
  /** Least time between two searches of a channel link for its live video (YOUTUBE_CHANNEL_SEARCH_SECONDS). */
  channelSearchIntervalMs: number;
}

/**
 * Asks YouTube whether the stream link's video or channel is live, at most once per link every 30 s
 * on this instance: every caller in between, and every caller while a question is under way, shares
 * the same answer. Failures count as "not live" (and are logged), never as errors for the page, and
 * are kept as long. Only the host's one link is ever looked up, never anything a caller sends; a
 * channel link is searched more rarely still (live-target-lookup.ts).
 */
export function createLiveStreamService(deps: LiveStreamServiceDeps) {
  let cached: { link: string; at: number; state: LiveState } | null = null;
  let inFlight: { link: string; answer: Promise<LiveState> } | null = null;
  let lookup: { link: string; of: LiveTargetLookup } | null = null;

  function lookupFor(link: string): LiveTargetLookup {
    if (lookup?.link !== link) lookup = { link, of: createLiveTargetLookup({ youtube: deps.youtube, clock: deps.clock, channelSearchIntervalMs: deps.channelSearchIntervalMs }) };
    return lookup.of;
  }

  /** A Twitch channel's "video" is the channel itself: `twitch:<login>`. */
  async function askTwitch(login: string): Promise<LiveState> {
    if (!deps.twitch) return { videoId: null, reason: LIVE_STREAM_REASONS.twitchNotConfigured };
    try {
      return (await deps.twitch.isLive(login)) ? { videoId: `twitch:${login}`, reason: null } : { videoId: null, reason: LIVE_STREAM_REASONS.notLive };
    } catch (error) {
      deps.log.warn({ err: error, login }, "Twitch live lookup failed; the stream counts as not live");
      return { videoId: null, reason: LIVE_STREAM_REASONS.twitchUnavailable };
    }
  }

  async function ask(link: string): Promise<LiveState> {
    const twitchLogin = twitchChannelOf(link);
    if (twitchLogin) return askTwitch(twitchLogin);
    const target = streamTargetOf(link);
    if (!target) return { videoId: null, reason: LIVE_STREAM_REASONS.unsupportedLink };
    try {
      const found = await lookupFor(link).liveVideo(target);
      if (found.videoId) return { videoId: found.videoId, reason: null };
      return { videoId: null, reason: found.missing === "not_found" ? LIVE_STREAM_REASONS.notFound : LIVE_STREAM_REASONS.notLive };
    } catch (error) {
      deps.log.warn({ err: error, link }, "YouTube live lookup failed; the stream counts as not live");
      return { videoId: null, reason: LIVE_STREAM_REASONS.unavailable };
    }
  }

  async function current(): Promise<LiveState> {
    const link = (await deps.settings.get("youtubeStreamLink"))?.trim() ?? "";
    if (!link) return { videoId: null, reason: LIVE_STREAM_REASONS.noLink };
    if (!deps.youtube.configured && !twitchChannelOf(link)) return { videoId: null, reason: LIVE_STREAM_REASONS.noApiKey };
    const now = deps.clock.now().getTime();
    if (cached && cached.link === link && now - cached.at < LIVE_STREAM_CACHE_SECONDS * 1000) return cached.state;
    if (inFlight && inFlight.link === link) return inFlight.answer;
    const flight = {
      link,
      answer: ask(link).then((state) => {
        cached = { link, at: deps.clock.now().getTime(), state };
        return state;
      }),
    };
    inFlight = flight;
    void flight.answer.finally(() => {
      if (inFlight === flight) inFlight = null;
    });
    return flight.answer;
  }

  return {
    /** The id of the video live right now, or null; watch pings count only for it. */
    async liveVideoId(): Promise<string | null> {
      return (await current()).videoId;
    },

    /** Anyone may ask; the chat embed is made for the domain the page was loaded from. */
    async info(embedDomain: string): Promise<LiveStreamInfo> {
      const state = await current();
      if (!state.videoId) return { live: false, videoId: null, embeds: null, reason: state.reason };
      const embeds = state.videoId.startsWith("twitch:") ? twitchEmbeds(state.videoId.slice("twitch:".length), embedDomain) : liveStreamEmbeds(state.videoId, embedDomain);
      return { live: true, videoId: state.videoId, embeds, reason: null };
    },
  };
}

export type LiveStreamService = ReturnType<typeof createLiveStreamService>;
