import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ACTION_LABELS, SCHEDULER_MESSAGES } from "@common/scheduler";
import { LIST_LABELS } from "@common/entry-status";
import { QueryState } from "../../../components/query-state";
import { toastError, toastSuccess } from "../../../components/toast";
import { schedulerErrorDetail, schedulerStatusQuery, useExecuteSchedules, useToggleQueue } from "../api";
import { describeInstant, zoneLabel } from "../schedule-display";
import { SchedulerPanel } from "./scheduler-panel";

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

const openBadge = (open: boolean) => (
  <Badge color={open ? "teal" : "red"} variant="light">
    {open ? "Open" : "Closed"}
  </Badge>
);

/** The queue as it is now, the next scheduled action, the manual open/close switch and "run what is due". */
export function QueueStatusPanel() {
  const status = useQuery(schedulerStatusQuery());
  const toggle = useToggleQueue();
  const execute = useExecuteSchedules();
  const data = status.data;

  const switchQueue = () => {
    if (!data) return;
    toggle.mutate(data.is_queue_open ? "close_queue" : "open_queue", {
      onSuccess: (next) => toastSuccess(next.is_queue_open ? "The queue is open." : "The queue is closed."),
      onError: (error) => toastError(`${SCHEDULER_MESSAGES.toggleFailed} ${schedulerErrorDetail(error)}`),
    });
  };
  const runDue = () =>
    execute.mutate(undefined, {
      onSuccess: (result) => toastSuccess(result.executed_count === 0 ? "No schedule is due right now." : `Ran ${result.executed_count} due schedule(s).`),
      onError: (error) => toastError(`${SCHEDULER_MESSAGES.executeFailed} ${schedulerErrorDetail(error)}`),
    });

  const next = data?.next_scheduled_action;
  const nextWhen = next ? describeInstant(next.next_execution, next.timezone) : null;
  return (
    <SchedulerPanel title="Queue status" titleId="queue-status-title" gap="md">
      <QueryState query={status} height={120} />
      {data && (
        <>
          <SimpleGrid cols={2} spacing="sm">
            <Figure label="Queue" value={openBadge(data.is_queue_open)} />
            <Figure label="Submissions" value={openBadge(data.is_submissions_open)} />
            <Figure label={LIST_LABELS.waiting} value={data.current_queue_size} />
            <Figure label={LIST_LABELS.active} value={data.active_queue_size} />
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Next scheduled action
            </Text>
            {next && nextWhen ? (
              <>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {ACTION_LABELS[next.action]}: {next.name}
                </Text>
                <Text size="sm">
                  {nextWhen.inZone} ({zoneLabel(next.timezone)})
                </Text>
                <Text size="sm" c="dimmed">
                  Your time: {nextWhen.local}
                </Text>
              </>
            ) : (
              <Text size="sm">Nothing scheduled</Text>
            )}
          </Stack>
          <Group gap="sm">
            <Button color={data.is_queue_open ? "red" : "teal"} variant="light" onClick={switchQueue} loading={toggle.isPending}>
              {data.is_queue_open ? "Close queue now" : "Open queue now"}
            </Button>
            <Button variant="default" onClick={runDue} loading={execute.isPending && execute.variables === undefined}>
              Run due schedules
            </Button>
          </Group>
        </>
      )}
    </SchedulerPanel>
  );
}
