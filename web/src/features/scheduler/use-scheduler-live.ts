import { useQueryClient } from "@tanstack/react-query";
import { useLiveMessage } from "../live";
import { schedulerKeys } from "./api";

/** A change made elsewhere (another admin, a schedule, the settings page) shows in the status at once. */
export function useSchedulerLive(): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: schedulerKeys.status });
  useLiveMessage("settings_update", refresh);
  useLiveMessage("queue_update", refresh);
}
