import { Alert, Anchor, AspectRatio, Box, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { ERROR_TEXT } from "@common/error-catalogue";
import { useLiveMessage } from "../features/live";
import { streamEmbeds, streamKeys, streamLinkQuery, youtubeVideoId } from "../features/stream";

function LiveStream({ link }: { link: string }) {
  const videoId = youtubeVideoId(link);
  if (!videoId) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Stack align="flex-start">
          <Text>The stream is live on another site.</Text>
          <Button component="a" href={link} target="_blank" rel="noopener noreferrer">
            Open the stream
          </Button>
        </Stack>
      </Paper>
    );
  }
  const embeds = streamEmbeds(videoId, window.location.hostname);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Box style={{ gridColumn: "span 2" }}>
          <AspectRatio ratio={16 / 9}>
            <iframe src={embeds.player} title="Live stream" allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen style={{ border: 0, borderRadius: 12 }} />
          </AspectRatio>
        </Box>
        <Box h={{ base: 420, md: "100%" }} mih={360}>
          <iframe src={embeds.chat} title="Live chat" style={{ border: 0, width: "100%", height: "100%", borderRadius: 12 }} />
        </Box>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Tip: the chat only loads when its embed domain matches this site ({window.location.hostname}). If it stays blank, open the
        chat on YouTube.
      </Text>
    </Stack>
  );
}

export function LivePage() {
  const client = useQueryClient();
  const stream = useQuery(streamLinkQuery());
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "youtubeStreamLink") void client.invalidateQueries({ queryKey: streamKeys.link() });
  });

  return (
    <Container size="xl" px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/" size="sm" c="dimmed">
            ← Home
          </Anchor>
          <Button component={Link} to="/queue" variant="default" size="xs">
            View Queue
          </Button>
        </Group>
        <Title order={1} size="h2">
          Live Stream
        </Title>
        {stream.isPending && <Loader type="dots" aria-label="Loading live stream" />}
        {stream.isError && <Alert color="red" variant="light">{ERROR_TEXT.liveFailed}</Alert>}
        {stream.data === null && (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text size="lg">No live stream currently.</Text>
            <Text c="dimmed" size="sm" mt="xs">
              Check the countdown on the home page for the next one.
            </Text>
          </Paper>
        )}
        {stream.data && <LiveStream link={stream.data} />}
      </Stack>
    </Container>
  );
}
