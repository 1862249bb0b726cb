import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ERROR_TEXT } from "@common/error-catalogue";
import type { QueueOverview } from "@common/queue";
import { MusicIcon } from "../../../components/icons";
import { overviewQuery } from "../api";
import { StatCount } from "../../../components/stat-count";

/** open, busy, or anything else (closed or unknown). */
export function queueStatusLabel(status: QueueOverview["queue_status"] | string): { label: string; color: string } {
  if (status === "open") return { label: "Open", color: "green" };
  if (status === "busy") return { label: "Busy", color: "yellow" };
  if (status === "closed") return { label: "Closed", color: "gray" };
  return { label: "Unknown", color: "gray" };
}

/** Current song, queue status and counts; kept fresh by the live connection (2 s after queue updates). */
export function QueueOverviewPanel() {
  const { data, isPending, isError } = useQuery(overviewQuery());
  if (isError)
    return (
      <Alert color="red" variant="light">
        {ERROR_TEXT.overviewFailed}
      </Alert>
    );
  // The panel's height with a one-line song: nothing below it moves when the overview arrives.
  if (isPending) return <Skeleton height={157} radius="lg" />;
  const status = queueStatusLabel(data.queue_status);
  return (
    <Paper withBorder radius="lg" p="md" aria-label="Queue overview">
      <Group justify="space-between" mb="sm">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          Now Playing
        </Text>
        <Badge color={status.color} variant="dot">
          Queue {status.label}
        </Badge>
      </Group>
      <Group gap="sm" wrap="nowrap" mb="md">
        <MusicIcon size={22} color="var(--mantine-color-violet-4)" style={{ flexShrink: 0 }} />
        {data.now_playing ? (
          <Text fw={600} lineClamp={2}>
            {data.now_playing.track_title}{" "}
            <Text span c="dimmed" fw={400}>
              by {data.now_playing.artist_name}
            </Text>
          </Text>
        ) : (
          <Text c="dimmed">Nothing playing right now</Text>
        )}
      </Group>
      <SimpleGrid cols={4} spacing="xs">
        <StatCount size="xl" label="Waiting" value={data.waiting_queue} />
        <StatCount size="xl" label="Playing" value={data.active_queue} />
        <StatCount size="xl" label="On hold" value={data.hold_queue} />
        <StatCount size="xl" label="Total" value={data.total_submissions} />
      </SimpleGrid>
    </Paper>
  );
}
