import { useEffect } from "react";
import { Alert, Badge, Box, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ANALYTICS_MESSAGES } from "@common/analytics";
import { submitterName } from "@common/queue";
import { PRIORITY_LABELS } from "@common/limits";
import { sessionDetailsFailed, sessionQuery } from "../api";
import { downloadSessionCsv } from "../session-csv";
import { formatDuration } from "../session-figures";
import { SessionCharts } from "./session-charts";
import { SessionScores } from "./session-scores";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** One session opened from the list: its figures, charts, songs and the CSV export. */
export function SessionDetails({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const details = useQuery(sessionQuery(sessionId));
  useEffect(() => {
    if (details.isError) sessionDetailsFailed(details.error);
  }, [details.isError, details.error]);

  if (details.isPending) return <Skeleton height={280} radius="md" />;
  if (details.isError) {
    return (
      <Alert color="red" variant="light" title={ANALYTICS_MESSAGES.loadDetailsFailed} withCloseButton onClose={onClose} closeButtonLabel="Close">
        {details.error.message}
      </Alert>
    );
  }
  const session = details.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Session ${session.name}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
              {session.name}
            </Title>
            <Text size="sm" c="dimmed">
              {new Date(session.started_at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })} · {formatDuration(session.duration)} · {session.submissions_count}{" "}
              songs, {session.priority_count} priority, {session.skipped_count} skipped by votes{session.is_live ? " · live" : ""}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="light" disabled={session.submissions_count === 0} onClick={() => downloadSessionCsv(session)}>
              Export CSV
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Group>
        <SessionScores session={session} />
        <SessionCharts plays={session.submissions_data} />
        {session.submissions_count > 0 && (
          // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
          <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={`Songs of ${session.name}, scrollable`}>
            <Table striped verticalSpacing={6} miw={600} aria-label={`Songs played in ${session.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Song</Table.Th>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Tier</Table.Th>
                  <Table.Th>Played</Table.Th>
                  <Table.Th>Wait</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {session.submissions_data.map((play, index) => (
                  <Table.Tr key={play.submission_id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      {play.track_title}{" "}
                      <Text span c="dimmed" size="sm">
                        by {play.artist_name}
                      </Text>
                      {play.skipped && (
                        <Badge ml="xs" size="sm" variant="light" color="orange">
                          Skipped by votes
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{submitterName(play)}</Table.Td>
                    <Table.Td>{PRIORITY_LABELS[play.priority_level]}</Table.Td>
                    <Table.Td>{time(play.played_at)}</Table.Td>
                    <Table.Td>{formatDuration(play.wait_seconds)}</Table.Td>
                    <Table.Td>{play.score ?? "–"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
