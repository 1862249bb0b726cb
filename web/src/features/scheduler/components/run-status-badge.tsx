import { Badge } from "@mantine/core";
import type { ScheduleRun } from "@common/scheduler";

const LOOK: Record<ScheduleRun["status"], { color: string; label: string }> = {
  ok: { color: "teal", label: "Done" },
  error: { color: "red", label: "Failed" },
  skipped: { color: "yellow", label: "Skipped" },
  running: { color: "blue", label: "Running" },
};

/** The result of a run at a glance. */
export function RunStatusBadge({ run }: { run: Pick<ScheduleRun, "status"> }) {
  const look = LOOK[run.status];
  return (
    <Badge color={look.color} variant="light" size="sm">
      {look.label}
    </Badge>
  );
}
