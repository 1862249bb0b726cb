import { useEffect, useState } from "react";
import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { isLiveStatus } from "@common/entry-status";
import { HelpIcon } from "../components/icons";
import { Page } from "../components/page";
import { SocialLinksRow } from "../components/social-links-row";
import { usePageActivity } from "../features/activity";
import { LazyEmailSignupCard } from "../features/email";
import {
  closedNoticeOf,
  HowItWorksDialog,
  JoinQueueFlow,
  overviewQuery,
  positionQuery,
  PositionWidget,
  QueueOverviewPanel,
  queueStatusOf,
  StreamCountdownCard,
} from "../features/queue";
import { hasSeenHelp, markHelpSeen } from "../lib/storage";
import { useDocumentTitle } from "../lib/use-document-title";
import { useOwnIdentity, useOwnUserId } from "../lib/use-stored-session";

export function HomePage() {
  const overview = useQuery(overviewQuery());
  const ownUserId = useOwnUserId();
  const position = useQuery(positionQuery(ownUserId));
  const { signedIn } = useOwnIdentity();
  const [joining, setJoining] = useState(false);
  const [helpOpen, setHelpOpen] = useState(() => !hasSeenHelp());
  usePageActivity("home_page");
  useDocumentTitle(null);

  useEffect(() => {
    if (helpOpen) markHelpSeen();
  }, [helpOpen]);

  const data = overview.data;
  const closed = !!data && data.queue_status !== "open";
  // The countdown is for a stream that has not started: not while it is on with submissions paused.
  const countdownStart = data?.queue_status === "closed" ? data.next_stream_start_at : null;
  const status = queueStatusOf(data);
  const notice = status ? closedNoticeOf(status) : null;
  const alreadyJoined = isLiveStatus(position.data?.status);

  return (
    <Page kind="wide">
      <SocialLinksRow />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={{ base: "lg", md: 48 }}>
        <Stack gap="lg" justify="center">
          <Stack gap="xs">
            <Title order={1} c="white">
              Get your song played live on stream
            </Title>
            <Text c="dimmed" size="lg">
              Join the queue with a link to your track, follow your place in real time and hear it played by the host.
            </Text>
          </Stack>
          <Group gap="sm" grow>
            <Button size="lg" variant={notice ? "light" : "filled"} onClick={() => setJoining(true)} aria-describedby={notice ? "join-queue-note" : undefined}>
              Join Queue
            </Button>
            <Button size="lg" variant="default" component={Link} to="/queue">
              View Queue
            </Button>
          </Group>
          {notice && (
            <Text id="join-queue-note" size="sm" c="dimmed" mt={-8}>
              {notice.title}. {notice.text}
            </Text>
          )}
          <Button variant="subtle" color="gray" size="sm" onClick={() => setHelpOpen(true)} leftSection={<HelpIcon size={16} />} style={{ alignSelf: "flex-start" }}>
            How does it work?
          </Button>
          <PositionWidget userId={ownUserId} />
        </Stack>
        <Stack gap="md">
          {countdownStart && <StreamCountdownCard startsAt={countdownStart} />}
          <QueueOverviewPanel />
          {(!signedIn || closed) && <LazyEmailSignupCard />}
        </Stack>
      </SimpleGrid>
      <JoinQueueFlow opened={joining} onClose={() => setJoining(false)} overview={data} alreadyJoined={alreadyJoined} />
      <HowItWorksDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Page>
  );
}
