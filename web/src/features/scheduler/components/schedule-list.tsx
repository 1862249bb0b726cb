import { useState } from "react";
import { Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SCHEDULER_MESSAGES, type Schedule } from "@common/scheduler";
import { QueryState } from "../../../components/query-state";
import { toastError, toastSuccess } from "../../../components/toast";
import { schedulerErrorDetail, schedulesQuery, useCreateSchedule, useDeleteSchedule, useExecuteSchedules, useUpdateSchedule } from "../api";
import { newScheduleValues, scheduleBody, scheduleValuesOf, type ScheduleFormValues } from "../schedule-form-values";
import { ScheduleCard } from "./schedule-card";
import { ScheduleForm } from "./schedule-form";

type Editing = { mode: "create" } | { mode: "edit"; schedule: Schedule } | null;

/** The schedules with their controls, the create/edit dialog and the delete confirmation. */
export function ScheduleList() {
  const schedules = useQuery(schedulesQuery());
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const remove = useDeleteSchedule();
  const execute = useExecuteSchedules();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  const save = (values: ScheduleFormValues) => {
    if (editing?.mode === "edit") {
      update.mutate(
        { id: editing.schedule.schedule_id, changes: scheduleBody(values) },
        {
          onSuccess: () => {
            toastSuccess(`Saved “${values.name.trim()}”.`);
            setEditing(null);
          },
          onError: (error) => toastError(`${SCHEDULER_MESSAGES.updateFailed} ${schedulerErrorDetail(error)}`),
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (created) => {
        toastSuccess(`Created “${created.name}”.`);
        setEditing(null);
      },
      onError: (error) => toastError(`${SCHEDULER_MESSAGES.createFailed} ${schedulerErrorDetail(error)}`),
    });
  };

  const toggleActive = (schedule: Schedule) =>
    update.mutate(
      { id: schedule.schedule_id, changes: { is_active: !schedule.is_active } },
      {
        onSuccess: (saved) => toastSuccess(saved.is_active ? `Resumed “${saved.name}”.` : `Paused “${saved.name}”.`),
        onError: (error) => toastError(`${SCHEDULER_MESSAGES.updateFailed} ${schedulerErrorDetail(error)}`),
      },
    );

  const runNow = (schedule: Schedule) =>
    execute.mutate(schedule.schedule_id, {
      onSuccess: () => toastSuccess(`Ran “${schedule.name}”.`),
      onError: (error) => toastError(`${SCHEDULER_MESSAGES.executeFailed} ${schedulerErrorDetail(error)}`),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.schedule_id, {
      onSuccess: () => {
        toastSuccess(`Deleted “${deleting.name}”.`);
        setDeleting(null);
      },
      onError: (error) => toastError(`${SCHEDULER_MESSAGES.deleteFailed} ${schedulerErrorDetail(error)}`),
    });
  };

  const busyWith = (schedule: Schedule) => (update.isPending && update.variables?.id === schedule.schedule_id) || (execute.isPending && execute.variables === schedule.schedule_id);
  const list = schedules.data?.schedules;

  return (
    <Stack gap="sm" component="section" aria-labelledby="schedules-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="schedules-title">
          Schedules{schedules.data ? ` (${schedules.data.total_schedules})` : ""}
        </Title>
        <Button onClick={() => setEditing({ mode: "create" })}>New schedule</Button>
      </Group>
      <QueryState query={schedules} height={160} radius="md" failedTitle="Could not load the schedules" />
      {list?.length === 0 && <Text>No schedules yet. Create one to open or close the queue automatically.</Text>}
      {list?.map((schedule) => (
        <ScheduleCard
          key={schedule.schedule_id}
          schedule={schedule}
          busy={busyWith(schedule)}
          onEdit={() => setEditing({ mode: "edit", schedule })}
          onToggleActive={() => toggleActive(schedule)}
          onRunNow={() => runNow(schedule)}
          onDelete={() => setDeleting(schedule)}
        />
      ))}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === "edit" ? "Edit schedule" : "New schedule"} size="lg">
        {editing && (
          <ScheduleForm
            initial={editing.mode === "edit" ? scheduleValuesOf(editing.schedule) : newScheduleValues()}
            submitLabel={editing.mode === "edit" ? "Save schedule" : "Create schedule"}
            saving={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete schedule?">
        <Stack gap="md">
          <Text style={{ overflowWrap: "anywhere" }}>“{deleting?.name}” and its run history will be deleted. This cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
