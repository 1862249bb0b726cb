import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { ACTION_LABELS, type Schedule } from "@common/scheduler";
import { describeDates, describeDays, describeInstant, zoneLabel } from "../schedule-display";
import { RunStatusBadge } from "./run-status-badge";

interface ScheduleCardProps {
  schedule: Schedule;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onRunNow: () => void;
  onDelete: () => void;
}

function NextExecution({ schedule }: { schedule: Schedule }) {
  if (!schedule.is_active) return <Text size="sm">Paused: no upcoming run</Text>;
  if (!schedule.next_execution) return <Text size="sm">No upcoming run</Text>;
  const when = describeInstant(schedule.next_execution, schedule.timezone);
  return (
    <Stack gap={0}>
      <Text size="sm">
        <Text span fw={600}>
          Next:{" "}
        </Text>
        {when.inZone}
      </Text>
      <Text size="sm" c="dimmed">
        Your time: {when.local}
      </Text>
    </Stack>
  );
}

/** One schedule: what it does, when, its next run in its zone and the viewer's, and its controls. */
export function ScheduleCard({ schedule, busy, onEdit, onToggleActive, onRunNow, onDelete }: ScheduleCardProps) {
  const dates = describeDates(schedule);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={schedule.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {schedule.name}
            </Text>
            <Text size="sm">{ACTION_LABELS[schedule.action]}</Text>
          </Stack>
          <Badge color={schedule.is_active ? "teal" : "gray"} variant="light" style={{ flexShrink: 0 }}>
            {schedule.is_active ? "Active" : "Paused"}
          </Badge>
        </Group>
        {schedule.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {schedule.description}
          </Text>
        )}
        <Text size="sm">
          {schedule.execution_time} {zoneLabel(schedule.timezone)} · {describeDays(schedule)}
          {dates ? ` · ${dates}` : ""}
        </Text>
        <NextExecution schedule={schedule} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Runs: {schedule.execution_count}
          </Text>
          {schedule.last_run && <RunStatusBadge run={schedule.last_run} />}
        </Group>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={onToggleActive} disabled={busy}>
            {schedule.is_active ? "Pause" : "Resume"}
          </Button>
          <Button size="xs" variant="light" onClick={onRunNow} disabled={busy}>
            Run now
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
