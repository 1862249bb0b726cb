import { keepPreviousData, queryOptions, useMutation } from "@tanstack/react-query";
import { FAST_PASS_USER_LIST_LIMIT, type FastPassGrantResponse } from "@common/loyalty";
import type { AdminListUser, UserListPage } from "@common/users";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

export const fastPassKeys = { users: (search: string) => ["admin", "fastpass", "users", search] as const };

/**
 * The Fast Pass Manager's users: the 50 most recently active (GET user/public/all sort_by last_active),
 * or those whose username, name or e-mail matches a search. A blank search (after trimming) is no search.
 */
export const fastPassUsersQuery = (search: string) => {
  const text = search.trim();
  return queryOptions({
    queryKey: fastPassKeys.users(text),
    queryFn: async () => {
      const page = text
        ? await adminApi.get<UserListPage<AdminListUser>>("user/search/users", { query: { query: text, limit: FAST_PASS_USER_LIST_LIMIT } })
        : await adminApi.get<UserListPage<AdminListUser>>("user/public/all", { query: { sort_by: "last_active", limit: FAST_PASS_USER_LIST_LIMIT } });
      return page?.users ?? [];
    },
    placeholderData: keepPreviousData,
    throwOnError: toConnectionErrorScreen,
  });
};

/** POST fastpass/admin/grant {user_id, source 'admin_grant', priority_level, count}. */
export function useGrantFastPass() {
  return useMutation({
    mutationFn: (grant: { user_id: string; priority_level: number; count: number }) =>
      adminApi.post<FastPassGrantResponse>("fastpass/admin/grant", { json: { ...grant, source: "admin_grant" } }),
  });
}
