import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { Session } from "@common/analytics";
import { formatDuration } from "../session-figures";

/** Every session, newest first; Details opens one. */
export function SessionList({ sessions, selected, onSelect }: { sessions: Session[]; selected: string | null; onSelect: (id: string) => void }) {
  if (sessions.length === 0) return <Text c="dimmed">No session yet. Start one before the show to count its songs.</Text>;
  return (
    <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
      {sessions.map((session) => (
        <Paper
          key={session.session_id}
          component="li"
          withBorder
          radius="md"
          px="md"
          py="xs"
          style={selected === session.session_id ? { borderColor: "var(--mantine-color-violet-5)" } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0, flex: "1 1 200px" }}>
              <Group gap={6}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {session.name}
                </Text>
                {session.is_live && (
                  <Badge color="red" size="sm">
                    Live
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {new Date(session.started_at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })} · {formatDuration(session.duration)} · {session.submissions_count}{" "}
                songs · {session.priority_count} priority
              </Text>
            </Stack>
            <Button variant="default" size="xs" onClick={() => onSelect(session.session_id)} aria-label={`Details of ${session.name}`}>
              Details
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
