import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Group, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { isLiveStatus, LIST_LABELS } from "@common/entry-status";
import { JUMP_HIGHLIGHT_MS } from "@common/limits";
import type { Entry } from "@common/queue";
import { TargetIcon } from "../components/icons";
import { Page } from "../components/page";
import { usePageActivity } from "../features/activity";
import { ProfilePopup } from "../features/community";
import { ConnectionStatus } from "../features/live";
import {
  isEntryOf,
  JoinQueueButton,
  overviewQuery,
  positionQuery,
  PositionWidget,
  QueueClosedNotice,
  QueueClosedOverlay,
  queueListQuery,
  QueueSection,
  useRequestPosition,
} from "../features/queue";
import { SessionVotesSection } from "../features/votes";
import { SkipVoteSection } from "../features/skip-votes";
import { useDocumentTitle } from "../lib/use-document-title";
import { useOwnIdentity } from "../lib/use-stored-session";

export function QueuePage() {
  const active = useQuery(queueListQuery("active"));
  const waiting = useQuery(queueListQuery("waiting"));
  const onHold = useQuery(queueListQuery("on_hold"));
  const overview = useQuery(overviewQuery());
  const { user, anonymous } = useOwnIdentity();
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [profile, setProfile] = useState<{ username: string | null; open: boolean }>({ username: null, open: false });
  usePageActivity("queue_page");
  useDocumentTitle("Queue");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Stable between renders, so each list is drawn again only when its own props change (QueueSection).
  const userId = user?.user_id ?? null;
  const guestId = anonymous?.user_id ?? null;
  const isOwn = useCallback((entry: Entry) => isEntryOf(entry, userId, guestId), [userId, guestId]);
  const openProfile = useCallback((username: string) => setProfile({ username, open: true }), []);
  const all = [...(active.data ?? []), ...(waiting.data ?? []), ...(onHold.data ?? [])];
  const ownEntry = all.find(isOwn) ?? null;
  const positionUserId = ownEntry?.user_id ?? user?.user_id ?? anonymous?.user_id ?? null;
  const position = useQuery(positionQuery(positionUserId));
  const requestPosition = useRequestPosition(positionUserId);
  const joined = !!ownEntry || isLiveStatus(position.data?.status);

  const jump = () => {
    if (!ownEntry) return;
    document.getElementById(`entry-${ownEntry.id}`)?.scrollIntoView({ behavior: "smooth", block: "center" });
    setHighlightedId(ownEntry.id);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlightedId(null), JUMP_HIGHLIGHT_MS);
  };

  const section = (query: typeof active) => ({
    loading: query.isPending,
    failed: query.isError,
    isOwn,
    highlightedId,
    onOpenProfile: openProfile,
  });

  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="flex-end" wrap="nowrap">
          <ConnectionStatus />
        </Group>
        <Group justify="space-between" align="center">
          <Title order={1}>The Queue</Title>
          {ownEntry && (
            <Button variant="light" leftSection={<TargetIcon size={16} />} onClick={jump}>
              Jump to position
            </Button>
          )}
          <JoinQueueButton overview={overview.data} joined={joined} />
        </Group>
        <QueueClosedNotice overview={overview.data} />
        <PositionWidget userId={positionUserId} onRefresh={requestPosition} />
        <QueueSection
          title={LIST_LABELS.active}
          kind="playing"
          entries={active.data}
          emptyText={waiting.data?.length ? "Nothing playing yet: the host picks the next song." : "Empty queue!"}
          {...section(active)}
        />
        <SkipVoteSection nowPlayingId={active.data?.[0]?.id ?? null} />
        <SessionVotesSection />
        <QueueSection title={LIST_LABELS.waiting} kind="waiting" entries={waiting.data} emptyText="Nobody is waiting. Be the first!" {...section(waiting)} />
        <QueueSection title={LIST_LABELS.on_hold} kind="on_hold" entries={onHold.data} emptyText="No one is on hold." {...section(onHold)} />
      </Stack>
      <QueueClosedOverlay overview={overview.data} />
      <ProfilePopup opened={profile.open} username={profile.username} onClose={() => setProfile((shown) => ({ ...shown, open: false }))} />
    </Page>
  );
}
