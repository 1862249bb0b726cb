import { queryOptions } from "@tanstack/react-query";
import type { PlayerConfig, PlayerStatusInfo } from "@common/player";
import { adminApi } from "../../lib/admin-api";

export const playerKeys = {
  config: ["player", "config"] as const,
  status: ["player", "status"] as const,
};

/** GET player/config: where the platforms' player scripts load from. */
export const playerConfigQuery = () =>
  queryOptions({
    queryKey: playerKeys.config,
    queryFn: () => adminApi.get<PlayerConfig>("player/config"),
    staleTime: Infinity,
  });

/** GET player/status: which player plays and its latest report; live messages keep it current (use-player-status.ts). */
export const playerStatusQuery = () =>
  queryOptions({
    queryKey: playerKeys.status,
    queryFn: () => adminApi.get<PlayerStatusInfo>("player/status"),
  });
