import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkOperationRequest, BulkOperationResult, BulkOperationTypes } from "@common/bulk";
import type { Queuer } from "@common/queue";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";
import { adminQueueKeys } from "../queue-admin";

/** The bulk page's lists are refetched this often (admin spec section 9), and on every live update. */
export const BULK_LISTS_REFETCH_MS = 10_000;

/** Under the back-office queue keys, so whatever refreshes the admin lists refreshes these too. */
export const bulkKeys = {
  types: ["admin", "bulk", "types"] as const,
  lists: [...adminQueueKeys.all, "bulk"] as const,
  notPlaying: [...adminQueueKeys.all, "bulk", "queuer"] as const,
  playing: [...adminQueueKeys.all, "bulk", "active-queuer"] as const,
};

export const bulkTypesQuery = () =>
  queryOptions({
    queryKey: bulkKeys.types,
    queryFn: async () => (await adminApi.get<BulkOperationTypes>("scheduler/bulk-operations/types")).operations,
    staleTime: Infinity,
    throwOnError: toConnectionErrorScreen,
  });

/** GET queuer: everyone waiting or on hold. */
export const bulkNotPlayingQuery = () =>
  queryOptions({
    queryKey: bulkKeys.notPlaying,
    queryFn: async () => (await adminApi.get<Queuer[]>("queuer")) ?? [],
    refetchInterval: BULK_LISTS_REFETCH_MS,
    throwOnError: toConnectionErrorScreen,
  });

/** GET active-queuer: everyone Now Playing. */
export const bulkPlayingQuery = () =>
  queryOptions({
    queryKey: bulkKeys.playing,
    queryFn: async () => (await adminApi.get<Queuer[]>("active-queuer")) ?? [],
    refetchInterval: BULK_LISTS_REFETCH_MS,
    throwOnError: toConnectionErrorScreen,
  });

/** POST /scheduler/bulk-operations; every admin list is read again afterwards, whatever the outcome. */
export function useBulkOperation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkOperationRequest) => adminApi.post<BulkOperationResult>("scheduler/bulk-operations", { json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: adminQueueKeys.all }),
  });
}
