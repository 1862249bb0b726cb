import { Badge, Button, Group } from "@mantine/core";
import type { LiveState } from "../../../lib/live-connection";
import { useLive } from "../../live";
import { useAdminLiveReconnect } from "../../admin-session";

const STATES: Record<LiveState, { label: string; color: string }> = {
  connected: { label: "Live: connected", color: "green" },
  connecting: { label: "Live: connecting…", color: "yellow" },
  reconnecting: { label: "Live: reconnecting…", color: "yellow" },
  disconnected: { label: "Live: disconnected", color: "gray" },
  error: { label: "Live: connection error", color: "red" },
};

/** The state of the admin socket; once the retries are spent the admin can reconnect by hand. */
export function LiveStatus() {
  const { state } = useLive();
  const reconnect = useAdminLiveReconnect();
  const shown = STATES[state];
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
      <Badge variant="dot" color={shown.color} size="lg" data-state={state}>
        {shown.label}
      </Badge>
      {(state === "error" || state === "disconnected") && (
        <Button size="compact-xs" variant="subtle" onClick={reconnect}>
          Reconnect
        </Button>
      )}
    </Group>
  );
}
