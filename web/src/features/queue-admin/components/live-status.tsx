import { Badge, Button, Group } from "@mantine/core";
import type { LiveState } from "../../../lib/live-connection";
import { shownLiveState, useLive } from "../../live";
import { useAdminLiveReconnect } from "../../admin-session";

const STATES: Record<LiveState, { label: string; color: string }> = {
  connected: { label: "Live: connected", color: "green" },
  connecting: { label: "Live: connecting…", color: "yellow" },
  reconnecting: { label: "Live: reconnecting…", color: "yellow" },
  disconnected: { label: "Live: disconnected", color: "gray" },
  error: { label: "Live: connection error", color: "red" },
};

/** The state of the admin socket; only once the retries are spent can the admin reconnect by hand. */
export function LiveStatus() {
  const { state, gaveUp } = useLive();
  const reconnect = useAdminLiveReconnect();
  const shownState = shownLiveState(state, gaveUp);
  const shown = STATES[shownState];
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
      <Badge variant="dot" color={shown.color} size="lg" data-state={shownState}>
        {shown.label}
      </Badge>
      {(gaveUp || state === "disconnected") && (
        <Button size="compact-xs" variant="subtle" onClick={reconnect}>
          Reconnect
        </Button>
      )}
    </Group>
  );
}
