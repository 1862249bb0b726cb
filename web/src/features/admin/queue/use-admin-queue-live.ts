import { useQueryClient } from "@tanstack/react-query";
import { useLiveMessage } from "../../live";
import { adminSettingsKey } from "../settings/api";
import { adminQueueKeys } from "./api";

/** The admin socket keeps the back-office lists and settings current: each update refetches what changed. */
export function useAdminQueueLive(): void {
  const client = useQueryClient();
  useLiveMessage("queue_update", (message) => {
    void client.invalidateQueries({ queryKey: adminQueueKeys.list(message.queue_type) });
  });
  useLiveMessage("settings_update", () => {
    void client.invalidateQueries({ queryKey: adminSettingsKey });
  });
}
