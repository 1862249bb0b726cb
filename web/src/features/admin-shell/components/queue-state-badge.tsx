import { Badge, Box } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveMessage } from "../../live";
import { adminSettingsKey, adminSettingsQuery } from "../../settings";

/** Whether the queue takes submissions (the isQueueOn setting), kept current by the admin socket. */
export function QueueStateBadge() {
  const client = useQueryClient();
  const settings = useQuery(adminSettingsQuery());
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "isQueueOn") void client.invalidateQueries({ queryKey: adminSettingsKey });
  });
  if (!settings.data) return null;
  const open = settings.data.isQueueOn === "true";
  return (
    <Badge variant="dot" color={open ? "green" : "red"} size="lg" role="status" aria-live="polite" data-queue-open={open}>
      <Box component="span" visibleFrom="xs">
        Queue is{" "}
      </Box>
      {open ? "open" : "closed"}
    </Badge>
  );
}
