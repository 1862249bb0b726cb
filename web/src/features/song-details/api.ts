import { queryOptions } from "@tanstack/react-query";
import type { YoutubeQuota } from "@common/song-details";
import { adminApi } from "../../lib/admin-api";

/** GET song-details/quota: the Data API units song details spent today and the daily budget. */
export const youtubeQuotaQuery = () =>
  queryOptions({
    queryKey: ["admin", "song-details", "quota"] as const,
    queryFn: () => adminApi.get<YoutubeQuota>("song-details/quota"),
    refetchInterval: 60_000,
  });
