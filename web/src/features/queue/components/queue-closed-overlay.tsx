import { useEffect, useState } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { QueueOverview } from "@common/queue";
import { closedNoticeOf } from "../closed-notice";
import { StreamCountdownCard } from "./stream-countdown-card";
import { ClosedQueueDraftButton } from "../../drafts";

/**
 * Shown on the queue page to a visitor who arrives while the queue is closed or paused, with the
 * countdown when the next stream's start is known; it can be closed to browse the lists. A queue that
 * closes while people watch gets no dialog over them: the page's banner says it.
 *
 * The dialog is mounted only once it is to open, closed, and opened a moment later, so it fades in: a
 * Modal sets state as its render commits (its portal, its id), and mounted with the page's first render
 * it would turn that render and all the page's effects into one blocking task.
 */
export function QueueClosedOverlay({ overview }: { overview: QueueOverview | undefined }) {
  const [dismissed, setDismissed] = useState(false);
  const [closedOnArrival, setClosedOnArrival] = useState<boolean | null>(null);
  const arrived = !!overview;
  const arrivedClosed = overview?.queue_status !== "open";
  useEffect(() => {
    if (arrived) setClosedOnArrival((known) => known ?? arrivedClosed);
  }, [arrived, arrivedClosed]);
  const [readyToOpen, setReadyToOpen] = useState(false);
  useEffect(() => {
    if (!closedOnArrival) return;
    // A task later: the Modal's portal mounts in a render of its own, and content that mounts open skips the fade-in.
    const timer = setTimeout(() => setReadyToOpen(true));
    return () => clearTimeout(timer);
  }, [closedOnArrival]);
  const notice = overview && closedOnArrival ? closedNoticeOf(overview.queue_status) : null;
  const startsAt = overview?.queue_status === "closed" ? overview.next_stream_start_at : null;
  if (!closedOnArrival) return null;
  return (
    <Modal opened={readyToOpen && !!notice && !dismissed} onClose={() => setDismissed(true)} title={notice?.title} centered radius="lg">
      <Stack>
        <Text>{notice?.text}</Text>
        {startsAt && <StreamCountdownCard startsAt={startsAt} />}
        {/* Drafting "for next time" is for a closed queue, not for a pause during the stream. */}
        {overview?.queue_status === "closed" && <ClosedQueueDraftButton />}
        <Group justify="flex-end">
          <Button onClick={() => setDismissed(true)}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
