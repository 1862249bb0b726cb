import { useState } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { submitterName } from "@common/queue";
import { QueryState } from "../../../components/query-state";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PriorityBadge } from "../../../components/priority-badge";
import { ScoreControl } from "../../reviews";
import { playedListQuery, useClearPlayed } from "../api";

const playedTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/** The Submissions Played list, newest first, with Clear (after one confirmation). */
export function PlayedList({ heading = "Submissions Played", headingLevel = 2 }: { heading?: string; headingLevel?: 2 | 3 }) {
  const played = useQuery(playedListQuery());
  const clear = useClearPlayed();
  const [confirming, setConfirming] = useState(false);
  const entries = played.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-label="Submissions Played">
      <Group justify="space-between" gap="xs">
        <Title order={headingLevel} size="h4">
          {heading}{" "}
          {played.data && (
            <Text span c="dimmed" size="sm">
              ({entries.length})
            </Text>
          )}
        </Title>
        <Button color="red" variant="light" disabled={entries.length === 0} loading={clear.isPending} onClick={() => setConfirming(true)}>
          Clear
        </Button>
      </Group>
      <QueryState query={played} height={160} radius="md" failedTitle="Could not load the played submissions" />
      {played.data && entries.length === 0 && <Text c="dimmed">Nothing played yet. Songs removed from Now Playing as played appear here.</Text>}
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {entries.map((entry) => (
          <Paper key={entry.id} component="li" withBorder radius="md" px="md" py="xs" aria-label={`${entry.track_title} by ${entry.artist_name}`}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 0, flex: "1 1 220px" }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {entry.track_title}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {entry.artist_name} · {submitterName(entry)}
                </Text>
              </Stack>
              <Group gap="xs">
                {entry.priority_level > 0 && <PriorityBadge level={entry.priority_level} />}
                <Text size="sm" c="dimmed">
                  <time dateTime={entry.played_at}>{playedTime(entry.played_at)}</time>
                </Text>
                <ScoreControl submissionId={entry.id} trackTitle={entry.track_title} />
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog opened={confirming} title="Clear the played list?" confirmLabel="Clear played list" onClose={() => setConfirming(false)} onConfirm={() => clear.mutate()}>
        <Text>This empties the Submissions Played list. Sessions, history and the priority figures keep every play.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
