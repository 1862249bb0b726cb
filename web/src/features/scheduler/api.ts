import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { SCHEDULER_STATUS_REFETCH_MS, SCHEDULES_REFETCH_MS, type Schedule, type ScheduleList, type ScheduleRun, type SchedulerStatus } from "@common/scheduler";
import { errorMessage } from "@common/error-catalogue";
import { isApiError } from "../../lib/api-client";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";
import { scheduleBody, type ScheduleFormValues } from "./schedule-form-values";

export const schedulerKeys = {
  all: ["admin", "scheduler"] as const,
  schedules: ["admin", "scheduler", "schedules"] as const,
  status: ["admin", "scheduler", "status"] as const,
  runs: ["admin", "scheduler", "runs"] as const,
};

/** GET scheduler/schedules, read again every 30 s. */
export const schedulesQuery = () =>
  queryOptions({
    queryKey: schedulerKeys.schedules,
    queryFn: async () => (await adminApi.get<ScheduleList>("scheduler/schedules")) ?? { schedules: [], total_schedules: 0 },
    refetchInterval: SCHEDULES_REFETCH_MS,
    throwOnError: toConnectionErrorScreen,
  });

/** GET scheduler/status, read again every 10 s. */
export const schedulerStatusQuery = () =>
  queryOptions({
    queryKey: schedulerKeys.status,
    queryFn: () => adminApi.get<SchedulerStatus>("scheduler/status"),
    refetchInterval: SCHEDULER_STATUS_REFETCH_MS,
    throwOnError: toConnectionErrorScreen,
  });

/** The latest runs of every schedule, with their results; read with the list. */
export const scheduleRunsQuery = () =>
  queryOptions({
    queryKey: schedulerKeys.runs,
    queryFn: async () => (await adminApi.get<{ runs: ScheduleRun[] }>("scheduler/runs?limit=15"))?.runs ?? [],
    refetchInterval: SCHEDULES_REFETCH_MS,
    throwOnError: toConnectionErrorScreen,
  });

/** The detail a failed scheduler call gives, for the spec's 'Failed to … schedule: <detail>' toasts. */
export function schedulerErrorDetail(error: unknown): string {
  if (isApiError(error)) {
    if (typeof error.detail === "string" && error.detail.trim()) return error.detail;
    if (Array.isArray(error.detail)) {
      const first = error.detail[0] as { msg?: unknown } | undefined;
      if (typeof first?.msg === "string") return first.msg;
    }
  }
  return errorMessage(error);
}

/** Every scheduler change refreshes the list, the runs and the status. */
function useSchedulerMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: schedulerKeys.all }) });
}

export const useCreateSchedule = () => useSchedulerMutation((values: ScheduleFormValues) => adminApi.post<Schedule>("scheduler/schedules", { json: scheduleBody(values) }));

export const useUpdateSchedule = () =>
  useSchedulerMutation(({ id, changes }: { id: string; changes: Partial<ReturnType<typeof scheduleBody>> }) =>
    adminApi.put<Schedule>(`scheduler/schedules/${encodeURIComponent(id)}`, { json: changes }),
  );

export const useDeleteSchedule = () => useSchedulerMutation((id: string) => adminApi.delete(`scheduler/schedules/${encodeURIComponent(id)}`));

/** POST scheduler/schedules/execute: the due schedules, or one schedule now. */
export const useExecuteSchedules = () =>
  useSchedulerMutation((scheduleId?: string) => adminApi.post<{ executed_count: number }>("scheduler/schedules/execute", { json: scheduleId ? { schedule_id: scheduleId } : {} }));

export const useToggleQueue = () => useSchedulerMutation((action: "open_queue" | "close_queue") => adminApi.post<SchedulerStatus>("scheduler/queue/toggle", { json: { action } }));
