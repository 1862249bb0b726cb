import { queryOptions, useMutation } from "@tanstack/react-query";
import { SCAN_POLL_MS } from "@common/limits";
import type { NormalizedSubmission, PriorityInput, QueueType, Entry, SubmitResponse } from "@common/queue";
import type { AdminEntry, PlayNextResult } from "@common/queue-admin";
import { isApiError } from "../../lib/api-client";
import { rememberListVersion } from "../../lib/live-list";
import { toastError } from "../../components/toast";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";
import { actionFailure, type EntryAction } from "./entry-display";

/**
 * Query keys of the back-office lists. The admin socket keeps them current (use-admin-queue-live.ts):
 * an action's own change reaches them that way too, so no action refetches them.
 */
export const adminQueueKeys = {
  all: ["admin", "queue"] as const,
  list: (type: QueueType) => ["admin", "queue", type] as const,
};

const LIST_PATHS: Record<QueueType, string> = {
  waiting: "queuer/queue/admin",
  on_hold: "queuer/on-hold/admin",
  active: "active-queuer/queue/admin",
};

/** One back-office list, read fresh (its version kept for the live changes); a 404 is an empty list. Polled every 5 s while a file is being scanned. */
export const adminListQuery = (type: QueueType) =>
  queryOptions({
    queryKey: adminQueueKeys.list(type),
    // A fetch superseded by a newer change is aborted, so the version kept is always that of the list held.
    queryFn: async ({ signal }) => {
      try {
        const onHeaders = (headers: Headers) => rememberListVersion(adminQueueKeys.list(type), headers);
        return (await adminApi.get<AdminEntry[]>(LIST_PATHS[type], { onHeaders, signal })) ?? [];
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.some((entry) => entry.file_status === "pending") ? SCAN_POLL_MS : false),
    throwOnError: toConnectionErrorScreen,
  });

const ref = (entry: Entry) => encodeURIComponent(entry.id);

/** One admin action on one entry; `remove` of a Now Playing entry says whether it counts as played. */
export type EntryActionRequest =
  | { action: "hold" | "release" | "move" | "moveBack"; entry: Entry }
  | { action: "remove"; entry: Entry; played?: boolean }
  | { action: "priority"; entry: Entry; priority: PriorityInput }
  | { action: "decline"; entry: Entry; reason: string };

function send(request: EntryActionRequest): Promise<unknown> {
  const { entry } = request;
  switch (request.action) {
    case "hold":
      // Only the hold: fields the owner edited since this list was read stay as they are.
      return adminApi.put(`queuer/${ref(entry)}/admin`, { json: { on_hold: true } });
    case "release":
      return adminApi.post(`queuer/release/${ref(entry)}`);
    case "move":
      return adminApi.get(`move/${ref(entry)}`);
    case "moveBack":
      return adminApi.post(`move/back/${ref(entry)}`);
    case "remove":
      return entry.status === "active"
        ? adminApi.delete(`active-queuer/${ref(entry)}`, { query: { is_played: request.played ?? true } })
        : adminApi.delete(`queuer/${ref(entry)}/admin`);
    case "priority":
      return adminApi.put(`priority/user/${ref(entry)}`, { json: request.priority });
    case "decline":
      return adminApi.post(`queuer/${ref(entry)}/decline`, { json: { reason: request.reason } });
  }
}

/** Hold, Release, Move, Move Back, Remove and priority: a failure shows the spec's sentence and the detail. */
export function useEntryAction() {
  return useMutation({
    mutationFn: send,
    onError: (error, request: EntryActionRequest) => {
      const { title, detail } = actionFailure(request.action satisfies EntryAction, error);
      toastError(detail ?? title, detail ? title : undefined);
    },
  });
}

/** The Clear buttons: every entry of one list goes. */
export function useClearQueue(type: QueueType) {
  return useMutation({
    mutationFn: () => adminApi.delete<{ ok: boolean; removed_count: number }>(LIST_PATHS[type]),
  });
}

/** POST admin-post/: the admin adds a queuer of their own, with no open/closed gate. */
export function useAdminAdd() {
  return useMutation({
    mutationFn: (submission: NormalizedSubmission) => adminApi.post<SubmitResponse>("admin-post/", { json: submission }),
  });
}

/**
 * Play next: the Now Playing songs count as played and the next ready entry comes up. `current_id` is
 * the song Now Playing as this page shows it, so a second click made before the lists refresh is
 * refused (409) instead of skipping a song.
 */
export function usePlayNext() {
  return useMutation({
    mutationFn: (currentId: string | null) => adminApi.post<PlayNextResult>("active-queuer/play-next", { json: { current_id: currentId } }),
  });
}
