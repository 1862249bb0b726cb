import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { applyListUpdate } from "../../lib/live-list";
import { useLiveMessage } from "../live";
import { adminSettingsKey } from "../settings";
import { adminQueueKeys } from "./api";

/**
 * The admin socket keeps the back-office lists and settings current: a list's change is applied when
 * the cache holds the version it starts from, else the list is refetched (and after every reconnect).
 */
export function useAdminQueueLive(): void {
  const client = useQueryClient();
  const connections = useRef(0);
  useLiveMessage("connection_established", () => {
    if (connections.current++ > 0) void client.invalidateQueries({ queryKey: adminQueueKeys.all });
  });
  useLiveMessage("queue_update", (message) => {
    applyListUpdate(client, adminQueueKeys.list(message.queue_type), message);
  });
  useLiveMessage("settings_update", () => {
    void client.invalidateQueries({ queryKey: adminSettingsKey });
  });
}
