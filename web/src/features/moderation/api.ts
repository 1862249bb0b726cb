import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Ban, BanInput } from "@common/moderation";
import type { SettingRecord } from "@common/settings";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

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

/** The settings the host's limits are made of. */
export const HOST_LIMIT_SETTINGS = ["submissionsPerStream", "maxSongSeconds", "blockedWords"] as const;
export type HostLimitName = (typeof HOST_LIMIT_SETTINGS)[number];
export type HostLimits = Record<HostLimitName, string>;

const hostLimitsKey = ["admin", "host-limits"] as const;

/** GET set as an admin (the words list is only shown to admins): the three limits, "" for unset. */
export const hostLimitsQuery = () =>
  queryOptions({
    queryKey: hostLimitsKey,
    queryFn: async (): Promise<HostLimits> => {
      const records = (await adminApi.get<SettingRecord[]>("set")) ?? [];
      const state = (name: HostLimitName) => records.find((record) => record.name === name)?.state ?? "";
      return { submissionsPerStream: state("submissionsPerStream"), maxSongSeconds: state("maxSongSeconds"), blockedWords: state("blockedWords") };
    },
    throwOnError: toConnectionErrorScreen,
  });

/** PUT set/{name} for each limit that changed, one after another; stops at the first refusal. */
export function useSaveHostLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<HostLimits>) => {
      for (const [name, state] of Object.entries(changes)) await adminApi.put<SettingRecord>(`set/${name}`, { json: { state } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
