import { Box, Button, Group, Text, VisuallyHidden } from "@mantine/core";
import type { LiveState } from "../../lib/live-connection";
import { useLive } from "./live-provider";

const STATES: Record<LiveState, { label: string; color: string }> = {
  connected: { label: "Connected", color: "var(--mantine-color-green-6)" },
  connecting: { label: "Connecting…", color: "var(--mantine-color-yellow-5)" },
  reconnecting: { label: "Reconnecting…", color: "var(--mantine-color-yellow-5)" },
  error: { label: "Offline", color: "var(--mantine-color-red-6)" },
  disconnected: { label: "Offline", color: "var(--mantine-color-gray-6)" },
};

/**
 * The state to show: an error between two reconnect attempts is part of reconnecting; only once the
 * attempts ran out is the connection offline.
 */
export function shownLiveState(state: LiveState, gaveUp: boolean): LiveState {
  return state === "error" && !gaveUp ? "reconnecting" : state;
}

const SAME_CELL = { gridArea: "1 / 1" };

/** The real-time connection, quietly: a small dot and a word, and Reconnect once the attempts ran out. It says nothing about the stream itself. */
export function ConnectionStatus() {
  const { state, gaveUp, reconnect } = useLive();
  const shownState = shownLiveState(state, gaveUp);
  const shown = STATES[shownState];
  return (
    <Group gap={6} wrap="nowrap">
      {/* At least as wide as "Connecting…", the word of every page's first moments: the words after it start where it did. */}
      <Box style={{ display: "grid" }}>
        <Group gap={6} wrap="nowrap" role="status" data-state={shownState} title="Real-time updates" style={SAME_CELL}>
          <Box w={8} h={8} bg={shown.color} style={{ borderRadius: "50%", flexShrink: 0 }} aria-hidden />
          <Text size="xs" c="dimmed">
            <VisuallyHidden>Real-time updates: </VisuallyHidden>
            {shown.label}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" aria-hidden style={{ ...SAME_CELL, visibility: "hidden" }}>
          <Box w={8} style={{ flexShrink: 0 }} />
          <Text size="xs">{STATES.connecting.label}</Text>
        </Group>
      </Box>
      {gaveUp && (
        <Button size="compact-xs" variant="subtle" onClick={reconnect}>
          Reconnect
        </Button>
      )}
    </Group>
  );
}
