import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { LIVE_STREAM_REFETCH_MS, type LiveStreamInfo } from "@common/live-stream";
import { publicApi } from "../../lib/api-client";
import { useLiveMessage } from "../live";

export const streamKeys = { live: () => ["stream", "live"] as const };

/** Whether the stream is on air, as YouTube says (GET integrations/youtube/live), asked again every minute. */
export const liveStreamQuery = () =>
  queryOptions({
    queryKey: streamKeys.live(),
    queryFn: () => publicApi.get<LiveStreamInfo>("integrations/youtube/live"),
    refetchInterval: LIVE_STREAM_REFETCH_MS,
  });

/** The live stream's state; asked again at once when the host changes the stream link. */
export function useLiveStream() {
  const client = useQueryClient();
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "youtubeStreamLink") void client.invalidateQueries({ queryKey: streamKeys.live() });
  });
  return useQuery(liveStreamQuery());
}

/** True while the stream is on air. */
export function useStreamLive(): boolean {
  return useLiveStream().data?.live === true;
}
