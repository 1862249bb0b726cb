import { Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { ChatCommands, TwitchConnection } from "../../features/admin";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function ChatCommandsPage() {
  useDocumentTitle("Chat Commands");
  const [search] = useSearchParams();
  return (
    <Page kind="reading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Chat Commands</Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <Text c="dimmed">Viewers request songs with !sr link, take theirs back with !wrongsong, and ask !song, !next, !queue, !position or !link: your bot answers from the live queue in one line.</Text>
        <Suspense fallback={<Loader aria-label="Loading the Twitch connection" />}>
          <TwitchConnection landed={search.get("twitch")} />
        </Suspense>
        <Suspense fallback={<Loader aria-label="Loading the chat commands" />}>
          <ChatCommands />
        </Suspense>
      </Stack>
    </Page>
  );
}
