import { useQueryClient } from "@tanstack/react-query";
import { applyListUpdate } from "../../lib/live-list";
import { useLiveMessage } from "../live";
import { adminSettingsKey } from "../settings";
import { adminQueueKeys } from "./api";

/**
 * The admin socket keeps the back-office lists and settings current: a list's change is applied when
 * the cache holds the version it starts from, else the list is refetched (and on every connection:
 * the page loads its lists before its socket is subscribed, and a change in between sends it nothing).
 */
export function useAdminQueueLive(): void {
  const client = useQueryClient();
  useLiveMessage("connection_established", () => {
    void client.invalidateQueries({ queryKey: adminQueueKeys.all });
  });
  useLiveMessage("queue_update", (message) => {
    applyListUpdate(client, adminQueueKeys.list(message.queue_type), message);
  });
  useLiveMessage("settings_update", () => {
    void client.invalidateQueries({ queryKey: adminSettingsKey });
  });
}
