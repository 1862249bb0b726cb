import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ANALYTICS_MESSAGES, type PriorityAnalytics, type Session } from "@common/analytics";
import type { PlayedSubmission } from "@common/queue";
import { CLIENT_EVENT_DAYS_DEFAULT, type ClientEventDailyCount } from "@common/client-events";
import { isApiError } from "../../lib/api-client";
import { toastError, toastSuccess } from "../../components/toast";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

/** Query keys of the analytics pages; the analytics live hook invalidates the same keys. */
export const analyticsKeys = {
  all: ["admin", "analytics"] as const,
  sessions: ["admin", "analytics", "sessions"] as const,
  session: (id: string) => ["admin", "analytics", "sessions", id] as const,
  priority: ["admin", "analytics", "priority"] as const,
  played: ["admin", "analytics", "played"] as const,
  appEvents: ["admin", "analytics", "app-events"] as const,
};

const PLAYED_PATH = "submission-played/queue/admin";

export const sessionsQuery = () =>
  queryOptions({ queryKey: analyticsKeys.sessions, queryFn: () => adminApi.get<Session[]>("analytics/sessions"), throwOnError: toConnectionErrorScreen });

/** One session's details; a failure is the spec's 'Failed to load session details' beside the list, not the error screen. */
export const sessionQuery = (id: string) =>
  queryOptions({ queryKey: analyticsKeys.session(id), queryFn: () => adminApi.get<Session>(`analytics/sessions/${encodeURIComponent(id)}`) });

export const priorityAnalyticsQuery = () =>
  queryOptions({ queryKey: analyticsKeys.priority, queryFn: () => adminApi.get<PriorityAnalytics>("priority/analytics"), throwOnError: toConnectionErrorScreen });

/** Counts of the web app's events per day (GET analytics/events/daily). */
export const appEventsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.appEvents,
    queryFn: () => adminApi.get<ClientEventDailyCount[]>("analytics/events/daily", { query: { days: CLIENT_EVENT_DAYS_DEFAULT } }),
    throwOnError: toConnectionErrorScreen,
  });

/** The played list; a 404 is an empty list, as for the queue lists. */
export const playedListQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.played,
    queryFn: async () => {
      try {
        return (await adminApi.get<PlayedSubmission[]>(PLAYED_PATH)) ?? [];
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    throwOnError: toConnectionErrorScreen,
  });

/** The spec's sentence, with the server's own detail under it when it gave one. */
function failed(title: string) {
  return (error: unknown) => {
    const detail = isApiError(error) ? (error.network ? error.message : error.detailText) : null;
    if (detail && detail !== title) toastError(detail, title);
    else toastError(title);
  };
}

function useAnalyticsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, failure: string, success?: (result: TResult) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (success) toastSuccess(success(result));
    },
    onError: failed(failure),
    onSettled: () => client.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

export const useStartSession = () =>
  useAnalyticsMutation(
    (input: { name: string; started_at: string }) => adminApi.post<Session>("analytics/sessions/start", { json: input }),
    ANALYTICS_MESSAGES.startFailed,
    (session) => `Session "${session.name}" is live`,
  );

export const useSaveSession = () =>
  useAnalyticsMutation(
    ({ id, submissions_played }: { id: string; submissions_played: string[] }) =>
      adminApi.post<Session>(`analytics/sessions/save/${encodeURIComponent(id)}`, { json: { submissions_played } }),
    ANALYTICS_MESSAGES.saveFailed,
    (session) => `Session saved: ${session.submissions_count} songs`,
  );

export const useEndSession = () =>
  useAnalyticsMutation(
    (id: string) => adminApi.post<Session>(`analytics/sessions/end/${encodeURIComponent(id)}`),
    ANALYTICS_MESSAGES.endFailed,
    (session) => `Session "${session.name}" ended`,
  );

export const useClearPlayed = () =>
  useAnalyticsMutation(
    () => adminApi.delete<{ ok: true; cleared_count: number }>(PLAYED_PATH),
    ANALYTICS_MESSAGES.clearFailed,
    (result) => `Cleared ${result.cleared_count} played submissions`,
  );

/** Shows 'Failed to load session details' for a details read that failed. */
export const sessionDetailsFailed = failed(ANALYTICS_MESSAGES.loadDetailsFailed);
