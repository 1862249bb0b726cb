import { useEffect, useRef, useState } from "react";
import { Anchor, Badge, Button, Container, Group, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { JUMP_HIGHLIGHT_MS } from "@common/limits";
import type { Queuer } from "@common/queue";
import { TargetIcon } from "../components/icons";
import { usePageActivity } from "../features/activity";
import { useLive } from "../features/live";
import { isOwnEntry, overviewQuery, PositionWidget, QueueClosedOverlay, queueListQuery, QueueSection } from "../features/queue";
import { useOwnIdentity } from "../lib/use-stored-session";

const LIVE_BADGE = {
  connected: { label: "Live", color: "green" },
  connecting: { label: "Connecting", color: "yellow" },
  reconnecting: { label: "Reconnecting", color: "yellow" },
  error: { label: "Offline", color: "red" },
  disconnected: { label: "Offline", color: "gray" },
} as const;

export function QueuePage() {
  const active = useQuery(queueListQuery("active"));
  const waiting = useQuery(queueListQuery("waiting"));
  const onHold = useQuery(queueListQuery("on_hold"));
  const overview = useQuery(overviewQuery());
  const { state } = useLive();
  const { user, anonymous } = useOwnIdentity();
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  usePageActivity("queue_page");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const isOwn = (entry: Queuer) => isOwnEntry(entry);
  const all = [...(active.data ?? []), ...(waiting.data ?? []), ...(onHold.data ?? [])];
  const ownEntry = all.find(isOwn) ?? null;
  const positionUserId = ownEntry?.user_id ?? user?.user_id ?? anonymous?.user_id ?? null;

  const jump = () => {
    if (!ownEntry) return;
    document.getElementById(`entry-${ownEntry.id}`)?.scrollIntoView({ behavior: "smooth", block: "center" });
    setHighlightedId(ownEntry.id);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlightedId(null), JUMP_HIGHLIGHT_MS);
  };

  const status = overview.data?.queue_status;
  const live = LIVE_BADGE[state];
  const section = (query: typeof active) => ({ loading: query.isPending, failed: query.isError, isOwn, highlightedId });

  return (
    <Container size="md" px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" size="sm" c="dimmed">
            ← Home
          </Anchor>
          <Badge variant="dot" color={live.color}>
            {live.label}
          </Badge>
        </Group>
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            The Queue
          </Title>
          {ownEntry && (
            <Button variant="light" leftSection={<TargetIcon size={16} />} onClick={jump}>
              Jump to position
            </Button>
          )}
        </Group>
        <PositionWidget userId={positionUserId} />
        <QueueSection title="Now Playing" entries={active.data} emptyText="Empty queue!" {...section(active)} />
        <QueueSection title="Waiting" entries={waiting.data} emptyText="Nobody is waiting. Be the first!" {...section(waiting)} />
        <QueueSection title="On Hold" entries={onHold.data} emptyText="No one is on hold." {...section(onHold)} />
      </Stack>
      <QueueClosedOverlay closed={!!status && status !== "open"} busy={status === "busy"} />
    </Container>
  );
}
