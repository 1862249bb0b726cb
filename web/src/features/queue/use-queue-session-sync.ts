import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { onSessionChanged } from "../../lib/session-events";
import { queueKeys } from "./api";

/** Refetches the queue's lists and positions when someone signs in or out, so "yours" follows who is looking. */
export function useQueueSessionSync(): void {
  const client = useQueryClient();
  useEffect(() => onSessionChanged(() => client.invalidateQueries({ queryKey: queueKeys.all })), [client]);
}
