import { useId, useState } from "react";
import { Button, Paper, Stack, Text } from "@mantine/core";
import type { QueueOverview } from "@common/queue";
import { closedNoticeOf, queueStatusOf } from "../closed-notice";
import { JoinQueueFlow } from "./lazy-modals";

/**
 * The queue page's Join Queue: the same disclaimer and form as Home, offered while the queue is open
 * and the visitor has no song in it. The flow stays mounted once joined, for its closing step. Before
 * the overview answers, the status the page was sent with decides, as for the closed notice: the button
 * painted with a page prerendered as open stays, and the heading beside it does not change height.
 */
export function JoinQueueButton({ overview, joined }: { overview: QueueOverview | undefined; joined: boolean }) {
  const [joining, setJoining] = useState(false);
  return (
    <>
      {queueStatusOf(overview) === "open" && !joined && <Button onClick={() => setJoining(true)}>Join Queue</Button>}
      <JoinQueueFlow opened={joining} onClose={() => setJoining(false)} overview={overview} alreadyJoined={joined} />
    </>
  );
}

/**
 * Why there is no Join Queue on the page: the queue is closed or paused. Same words as the overlay.
 * Drawn as Mantine's light grey Alert is, without its component: an Alert replaces its id as its
 * render commits, which turns the page's first render and all its effects into one blocking task. Its
 * styles are Mantine's, in the first load's stylesheet: the prerendered page paints it as it stays.
 */
export function QueueClosedNotice({ overview }: { overview: QueueOverview | undefined }) {
  const titleId = useId();
  const status = queueStatusOf(overview);
  const notice = status ? closedNoticeOf(status) : null;
  if (!notice) return null;
  return (
    <Paper role="alert" aria-labelledby={titleId} p="md" radius="md" bg="var(--mantine-color-gray-light)">
      <Stack gap="xs">
        <Text id={titleId} size="sm" fw={700} lh="var(--mantine-line-height)" c="var(--mantine-color-gray-light-color)">
          {notice.title}
        </Text>
        <Text size="sm" c="bright">
          {notice.text}
        </Text>
      </Stack>
    </Paper>
  );
}
