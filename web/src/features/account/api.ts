import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { HISTORY_EXPANDED_LIMIT, HISTORY_LIMIT } from "@common/limits";
import type { HistoryPage, HistorySort, MeUser, UpdateMeInput, UserStats } from "@common/users";
import { api } from "../../lib/api-client";
import { getStoredUser, setStoredUser } from "../../lib/storage";

/** Query keys of the signed-in user's own data. */
export const accountKeys = {
  all: ["account"] as const,
  me: () => ["account", "me"] as const,
  stats: () => ["account", "stats"] as const,
  history: (limit: number) => ["account", "history", limit] as const,
};

/** Keeps the stored profile (user_data) in step with what the server says, without needless events. */
function rememberProfile(me: MeUser): void {
  const stored = getStoredUser();
  const same =
    stored?.user_id === me.user_id &&
    stored.username === me.username &&
    stored.display_name === me.display_name &&
    (stored.email ?? null) === me.email &&
    (stored.bio ?? null) === me.bio;
  if (!same) setStoredUser(me);
}

/** GET user/me for the signed-in user; disabled while signed out. */
export const meQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: accountKeys.me(),
    enabled: signedIn,
    queryFn: async () => {
      const me = await api.get<MeUser>("user/me", { auth: "user" });
      rememberProfile(me);
      return me;
    },
  });

export const myStatsQuery = (signedIn: boolean) =>
  queryOptions({ queryKey: accountKeys.stats(), enabled: signedIn, queryFn: () => api.get<UserStats>("user/me/stats", { auth: "user" }) });

/** Recent Activity's order and filter, applied by the server over every submission. */
export interface MyHistoryArrangement {
  sort: HistorySort;
  filter: "all" | "played";
}

/** GET user/me/history: 10 at first, 50 once the list is expanded, in the sort and filter chosen. */
export const myHistoryQuery = (signedIn: boolean, expanded: boolean, arrangement: MyHistoryArrangement = { sort: "newest", filter: "all" }) => {
  const limit = expanded ? HISTORY_EXPANDED_LIMIT : HISTORY_LIMIT;
  const status = arrangement.filter === "played" ? "played" : undefined;
  return queryOptions({
    queryKey: [...accountKeys.history(limit), arrangement.sort, arrangement.filter] as const,
    placeholderData: keepPreviousData,
    enabled: signedIn,
    queryFn: () => api.get<HistoryPage>("user/me/history", { auth: "user", query: { limit, offset: 0, sort: arrangement.sort, status } }),
  });
};

/** PUT user/me; the answer replaces the cached profile. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateMeInput | Record<string, unknown>) => api.put<MeUser>("user/me", { auth: "user", json: patch }),
    onSuccess: (me) => {
      rememberProfile(me);
      client.setQueryData(accountKeys.me(), me);
      return client.invalidateQueries({ queryKey: ["community"] });
    },
  });
}

export interface UsernameAvailability {
  available: boolean;
  detail?: string;
}

/** GET user/check-username/{username}: the signed-in user's own name counts as available. */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return api.get<UsernameAvailability>(`user/check-username/${encodeURIComponent(username)}`, { signal });
}
