import { ActionIcon, Box, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ERROR_TEXT } from "@common/error-catalogue";
import type { QueuePosition } from "@common/queue";
import { RefreshIcon } from "../../../components/icons";
import { recordActivity } from "../../activity";
import { positionQuery } from "../api";
import { useLiveIndicator } from "../use-queue-live";

function waitText(minutes: number | null): string {
  if (minutes === null) return "Estimated wait unknown";
  if (minutes < 1) return "Up next";
  if (minutes < 60) return `~${minutes} min wait`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `~${hours} h ${rest} min wait` : `~${hours} h wait`;
}

function Headline({ position }: { position: QueuePosition }) {
  if (position.status === "active")
    return (
      <Text fw={700} size="lg">
        You're Now Playing!
      </Text>
    );
  if (position.status === "on_hold")
    return (
      <Text fw={700} size="lg">
        On Hold
      </Text>
    );
  return (
    <Group gap={6} align="baseline">
      <Text fw={800} size="xl" c="violet.3">
        #{position.position ?? "?"}
      </Text>
      <Text c="dimmed" size="sm">
        of {position.total_in_queue} waiting
      </Text>
    </Group>
  );
}

/**
 * The visitor's place in the queue; hidden when they are not in it (404). The refresh button refetches,
 * calls `onRefresh` (the queue page also asks the live channel) and counts as action:refresh_position.
 */
export function PositionWidget({ userId, onRefresh }: { userId: string | null; onRefresh?: () => void }) {
  const query = useQuery(positionQuery(userId));
  const updated = useLiveIndicator(userId);
  if (!userId || query.data === null || query.data?.status === "not_found") return null;

  const refresh = (
    // A native title, not Mantine's Tooltip: its positioning library would double this widget's weight on /.
    <ActionIcon
      variant="subtle"
      aria-label="Refresh position"
      title="Refresh position"
      onClick={() => {
        void query.refetch();
        onRefresh?.();
        void recordActivity(userId, "action:refresh_position");
      }}
      loading={query.isFetching}
    >
      <RefreshIcon size={16} />
    </ActionIcon>
  );

  return (
    <Paper withBorder radius="lg" p="md" aria-label="Your position">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Your position
            </Text>
            {updated && (
              <Group gap={4} wrap="nowrap">
                <Box w={6} h={6} bg="violet.4" style={{ borderRadius: "50%" }} aria-hidden />
                <Text size="xs" c="violet.2">
                  Live update
                </Text>
              </Group>
            )}
          </Group>
          {query.isPending && <Loader size="sm" type="dots" aria-label="Loading position" />}
          {query.isError && (
            <Text fw={600} c="red.4">
              {ERROR_TEXT.positionUnavailable}
            </Text>
          )}
          {query.data && (
            <>
              <Headline position={query.data} />
              {query.data.status === "waiting" && (
                <Text size="sm" c="dimmed">
                  {waitText(query.data.estimated_wait)}
                  {query.data.total_ahead > 0 && ` · ${query.data.total_ahead} ahead of you`}
                </Text>
              )}
              {query.data.status !== "waiting" && query.data.message && (
                <Text size="sm" c="dimmed">
                  {query.data.message}
                </Text>
              )}
            </>
          )}
        </Stack>
        {refresh}
      </Group>
    </Paper>
  );
}
