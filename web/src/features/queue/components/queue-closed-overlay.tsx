import { useState } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Link } from "react-router";

/** Shown on the queue page while the queue is closed; it can be dismissed to browse the lists. */
export function QueueClosedOverlay({ closed, busy }: { closed: boolean; busy: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Modal opened={closed && !dismissed} onClose={() => setDismissed(true)} title={busy ? "Submissions are paused" : "The queue is closed"} centered radius="lg">
      <Stack>
        <Text>
          {busy
            ? "The host has paused new submissions for a moment. Your place is safe if you are already in the queue."
            : "New songs can be sent when the stream goes live. The countdown on the home page shows when the next stream starts."}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" component={Link} to="/">
            Back to Home
          </Button>
          <Button onClick={() => setDismissed(true)}>View Queue</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
