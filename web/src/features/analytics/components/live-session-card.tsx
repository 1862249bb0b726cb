import { useState } from "react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Session } from "@common/analytics";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { playedListQuery, useEndSession, useSaveSession } from "../api";
import { formatDuration, playedSince } from "../session-figures";
import { Figure } from "./figure";

/** The live session: its figures, Save (adds songs played since its start that it lacks) and End. */
export function LiveSessionCard({ session, onShowDetails }: { session: Session; onShowDetails: () => void }) {
  const client = useQueryClient();
  const save = useSaveSession();
  const end = useEndSession();
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  // Read for Save only; the list is small and usually cached by the Submissions Played tab.
  const played = useQuery(playedListQuery());

  const onSave = async () => {
    const list = played.data ?? (await client.fetchQuery(playedListQuery()).catch(() => []));
    save.mutate({ id: session.session_id, submissions_played: playedSince(list, session.started_at) });
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label="Live session" component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
              {session.name}
            </Title>
            <Badge color="red" variant="filled">
              Live
            </Badge>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onShowDetails}>
              Details
            </Button>
            <Button variant="light" loading={save.isPending} onClick={() => void onSave()}>
              Save
            </Button>
            <Button color="red" variant="light" loading={end.isPending} onClick={() => setConfirmingEnd(true)}>
              End
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Started {new Date(session.started_at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}
          {session.saved_at && ` · saved ${new Date(session.saved_at).toLocaleTimeString([], { timeStyle: "short" })}`}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          <Figure label="Duration" value={formatDuration(session.duration)} />
          <Figure label="Songs" value={session.submissions_count} />
          <Figure label="Priority" value={session.priority_count} />
          <Figure label="Skipped by votes" value={session.skipped_count} />
        </SimpleGrid>
      </Stack>
      <ConfirmDialog
        opened={confirmingEnd}
        title="End this session?"
        confirmLabel="End session"
        onClose={() => setConfirmingEnd(false)}
        onConfirm={() => end.mutate(session.session_id)}
      >
        <Text>Songs played after this are no longer counted in “{session.name}”.</Text>
      </ConfirmDialog>
    </Paper>
  );
}
