import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { LIVE_STREAM_REFETCH_MS, type LiveStreamInfo } from "@common/live-stream";
import type { SettingRecord } from "@common/settings";
import { publicApi } from "../../lib/api-client";
import { useLiveMessage } from "../live";

export const streamKeys = { live: () => ["stream", "live"] as const, link: () => ["stream", "link"] as const };

/** Whether the stream is on air, as YouTube says (GET integrations/youtube/live), asked again every minute. */
export const liveStreamQuery = () =>
  queryOptions({
    queryKey: streamKeys.live(),
    queryFn: () => publicApi.get<LiveStreamInfo>("integrations/youtube/live"),
    refetchInterval: LIVE_STREAM_REFETCH_MS,
  });

/** GET set/youtubeStreamLink: the host's stream address (its state), or null when none is set. */
export const streamLinkQuery = () =>
  queryOptions({
    queryKey: streamKeys.link(),
    queryFn: async () => {
      const link = (await publicApi.get<SettingRecord>("set/youtubeStreamLink")).state?.trim() ?? "";
      return /^https?:\/\//i.test(link) ? link : null;
    },
  });

/**
 * The live stream's state; asked again at once when the host changes the stream link, and when the live
 * socket is subscribed: a change made before that (after the page's first load, or while the socket
 * was down) sent it nothing.
 */
export function useLiveStream() {
  const client = useQueryClient();
  const askAgain = () => {
    void client.invalidateQueries({ queryKey: streamKeys.live() });
    void client.invalidateQueries({ queryKey: streamKeys.link() });
  };
  useLiveMessage("connection_established", askAgain);
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "youtubeStreamLink") askAgain();
  });
  return useQuery(liveStreamQuery());
}

/** True while the stream is on air. */
export function useStreamLive(): boolean {
  return useLiveStream().data?.live === true;
}
