import { Box, Group, Text, VisuallyHidden } from "@mantine/core";
import type { LiveState } from "../../lib/live-connection";
import { useLive } from "./live-provider";

const STATES: Record<LiveState, { label: string; color: string }> = {
  connected: { label: "Connected", color: "var(--mantine-color-green-6)" },
  connecting: { label: "Connecting…", color: "var(--mantine-color-yellow-5)" },
  reconnecting: { label: "Reconnecting…", color: "var(--mantine-color-yellow-5)" },
  error: { label: "Offline", color: "var(--mantine-color-red-6)" },
  disconnected: { label: "Offline", color: "var(--mantine-color-gray-6)" },
};

/** The real-time connection, quietly: a small dot and a word. It says nothing about the stream itself. */
export function ConnectionStatus() {
  const { state } = useLive();
  const shown = STATES[state];
  return (
    <Group gap={6} wrap="nowrap" role="status" data-state={state} title="Real-time updates">
      <Box w={8} h={8} bg={shown.color} style={{ borderRadius: "50%", flexShrink: 0 }} aria-hidden />
      <Text size="xs" c="dimmed">
        <VisuallyHidden>Real-time updates: </VisuallyHidden>
        {shown.label}
      </Text>
    </Group>
  );
}
