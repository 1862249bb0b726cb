import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { HISTORY_EXPANDED_LIMIT, HISTORY_LIMIT } from "@common/limits";
import { USER_SORT_ORDERS, type HistoryPage, type HistorySort, type PublicUser, type UserListPage, type UserSortField, type UserStats } from "@common/users";
import { api } from "../../lib/api-client";

/** Query keys of the member directory and public profiles. */
export const communityKeys = {
  all: ["community"] as const,
  members: (sortBy: UserSortField, pageSize: number) => ["community", "members", sortBy, pageSize] as const,
  search: (query: string, pageSize: number) => ["community", "search", query, pageSize] as const,
  profile: (username: string) => ["community", "profile", username] as const,
  stats: (username: string) => ["community", "stats", username] as const,
  history: (username: string, limit: number) => ["community", "history", username, limit] as const,
};

// The member's own token (never an admin's), so a member sees their own profile even when private.
const asMember = { auth: "user" as const };

const nextOffset = (last: UserListPage, pages: UserListPage[]) => (last.has_more ? pages.reduce((sum, page) => sum + page.users.length, 0) : undefined);

/** GET user/public/all, a page at a time (Load More). */
export const membersQuery = (sortBy: UserSortField, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(sortBy, pageSize),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<UserListPage>("user/public/all", { ...asMember, signal, query: { sort_by: sortBy, sort_order: USER_SORT_ORDERS[sortBy], limit: pageSize, offset: pageParam } }),
    getNextPageParam: nextOffset,
  });

/** GET user/search/users; only ever called with a non-blank query. */
export const searchMembersQuery = (query: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.search(query, pageSize),
    initialPageParam: 0,
    enabled: query.trim().length > 0,
    queryFn: ({ pageParam, signal }) => api.get<UserListPage>("user/search/users", { ...asMember, signal, query: { query, limit: pageSize, offset: pageParam } }),
    getNextPageParam: nextOffset,
  });

const profilePath = (username: string) => `user/${encodeURIComponent(username)}`;

export const profileQuery = (username: string) => queryOptions({ queryKey: communityKeys.profile(username), queryFn: () => api.get<PublicUser>(profilePath(username), asMember) });

export const profileStatsQuery = (username: string) =>
  queryOptions({ queryKey: communityKeys.stats(username), queryFn: () => api.get<UserStats>(`${profilePath(username)}/stats`, asMember) });

/** Recent Activity's order and filter, applied by the server over every submission. */
export interface HistoryArrangement {
  sort: HistorySort;
  filter: "all" | "played";
}

/** GET user/{username}/history: 10 at first, 50 once expanded, in the sort and filter chosen. */
export const profileHistoryQuery = (username: string, expanded: boolean, arrangement: HistoryArrangement = { sort: "newest", filter: "all" }) => {
  const limit = expanded ? HISTORY_EXPANDED_LIMIT : HISTORY_LIMIT;
  const status = arrangement.filter === "played" ? "played" : undefined;
  return queryOptions({
    queryKey: [...communityKeys.history(username, limit), arrangement.sort, arrangement.filter] as const,
    placeholderData: keepPreviousData,
    queryFn: () => api.get<HistoryPage>(`${profilePath(username)}/history`, { ...asMember, query: { limit, offset: 0, sort: arrangement.sort, status } }),
  });
};
