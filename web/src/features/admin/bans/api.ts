import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Ban, BanInput } from "@common/moderation";
import { adminApi } from "../admin-api";
import { toConnectionErrorScreen } from "../admin-query-errors";

const bansKey = ["admin", "bans"] as const;

/** GET moderation/bans: the bans in force, newest first. */
export const bansQuery = () =>
  queryOptions({ queryKey: bansKey, queryFn: async () => (await adminApi.get<{ bans: Ban[] }>("moderation/bans")).bans, throwOnError: toConnectionErrorScreen });

export function usePlaceBan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BanInput) => adminApi.post<Ban>("moderation/bans", { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: bansKey }),
  });
}

export function useLiftBan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi.delete<{ ok: true }>(`moderation/bans/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: bansKey }),
  });
}
