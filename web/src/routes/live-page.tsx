import { Alert, Anchor, AspectRatio, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ERROR_TEXT } from "@common/error-catalogue";
import type { LiveStreamInfo } from "@common/live-stream";
import { Page } from "../components/page";
import { useDocumentTitle } from "../lib/use-document-title";
import { trackEvent } from "../features/activity";
import { overviewQuery } from "../features/queue";
import { useWatchPings } from "../features/loyalty";
import { streamLinkQuery, useLiveStream, useYouTubePlaying } from "../features/stream";
import { useOwnIdentity } from "../lib/use-stored-session";

/** Tells a signed-in member whether this tab is earning watch time, and how. */
function WatchTimeNote({ playing }: { playing: boolean }) {
  const { signedIn } = useOwnIdentity();
  if (!signedIn) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      {playing
        ? "Earning watch time: every hour watched earns a Premium Fast Pass."
        : "Press play to earn watch time: every hour watched while signed in earns a Premium Fast Pass."}
    </Text>
  );
}

function LiveStream({ videoId, embeds }: { videoId: string; embeds: NonNullable<LiveStreamInfo["embeds"]> }) {
  const player = useRef<HTMLIFrameElement>(null);
  const playing = useYouTubePlaying(player);
  useWatchPings(videoId, playing);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Box style={{ gridColumn: "span 2" }}>
          <AspectRatio ratio={16 / 9}>
            <iframe
              ref={player}
              src={embeds.player}
              title="Live stream"
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              style={{ border: 0, borderRadius: 12 }}
            />
          </AspectRatio>
        </Box>
        <Box h={{ base: 420, md: "100%" }} mih={360}>
          <iframe src={embeds.chat} title="Live chat" style={{ border: 0, width: "100%", height: "100%", borderRadius: 12 }} />
        </Box>
      </SimpleGrid>
      <WatchTimeNote playing={playing} />
      <Text size="xs" c="dimmed">
        Tip: the chat only loads when its embed domain matches this site ({window.location.hostname}). If it stays blank, open the chat on YouTube.
      </Text>
    </Stack>
  );
}

/** Where to look next: the countdown on Home, only when Home shows one (queue closed, start time set). */
function NextStreamHint() {
  const overview = useQuery(overviewQuery()).data;
  const hasCountdown = overview?.queue_status === "closed" && !!overview.next_stream_start_at;
  return (
    <Text c="dimmed" size="sm" mt="xs">
      {hasCountdown ? (
        <>
          <Anchor component={Link} to="/">
            See the countdown on the home page
          </Anchor>{" "}
          for the next one.
        </>
      ) : (
        "The queue opens when the stream goes live. Follow it on the queue page in the meantime."
      )}
    </Text>
  );
}

/** The host's stream address from the settings, for whoever would rather watch on YouTube itself. */
function StreamLink() {
  const link = useQuery(streamLinkQuery()).data;
  if (!link) return null;
  return (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" variant="default" size="xs" mt="sm">
      Open the stream on YouTube
    </Button>
  );
}

export function LivePage() {
  const stream = useLiveStream();
  useDocumentTitle("Live");
  const info = stream.data;
  const live = info?.live;
  useEffect(() => {
    if (live !== undefined) trackEvent("live.viewed", { live });
  }, [live]);

  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={1}>Live Stream</Title>
          <Button component={Link} to="/queue" variant="default" size="xs">
            View Queue
          </Button>
        </Group>
        {stream.isPending && <Loader type="dots" aria-label="Loading live stream" />}
        {stream.isError && !info && (
          <Alert color="red" variant="light">
            {ERROR_TEXT.liveFailed}
          </Alert>
        )}
        {info && !(info.live && info.videoId && info.embeds) && (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text size="lg">No live stream currently.</Text>
            <NextStreamHint />
            <StreamLink />
          </Paper>
        )}
        {info?.live && info.videoId && info.embeds && <LiveStream videoId={info.videoId} embeds={info.embeds} />}
      </Stack>
    </Page>
  );
}
