import { Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ACTION_LABELS } from "@common/scheduler";
import { QueryState } from "../../../components/query-state";
import { scheduleRunsQuery } from "../api";
import { RunStatusBadge } from "./run-status-badge";
import { SchedulerPanel } from "./scheduler-panel";

const TRIGGERS = { scheduled: "on time", catch_up: "after a restart", manual: "run by hand" } as const;
const timeOf = (iso: string) => new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** The latest runs of every schedule and what each one did. */
export function ScheduleRuns() {
  const runs = useQuery(scheduleRunsQuery());
  return (
    <SchedulerPanel title="Recent runs" titleId="recent-runs-title" gap="sm">
      <QueryState query={runs} height={80} />
      {runs.data?.length === 0 && <Text size="sm">No schedule has run yet.</Text>}
      {runs.data?.map((run) => (
        <Stack key={run.run_id} gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {run.schedule_name}
            </Text>
            <RunStatusBadge run={run} />
          </Group>
          <Text size="xs" c="dimmed">
            {timeOf(run.started_at)} · {ACTION_LABELS[run.action]} · {TRIGGERS[run.trigger]}
          </Text>
          {run.detail && (
            <Text size="xs" style={{ overflowWrap: "anywhere" }}>
              {run.detail}
            </Text>
          )}
        </Stack>
      ))}
    </SchedulerPanel>
  );
}
