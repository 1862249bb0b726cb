import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { ACTION_LABELS, SCHEDULE_ACTIONS, SCHEDULE_DESCRIPTION_MAX, SCHEDULE_NAME_MAX, SCHEDULE_TIME_ZONES, WEEKDAYS, todayIn } from "@common/scheduler";
import { type ScheduleFormValues, validateScheduleForm } from "../schedule-form-values";

const TYPE_OPTIONS = [
  { value: "once", label: "Once" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
];
const ACTION_OPTIONS = SCHEDULE_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }));
const ZONE_OPTIONS = SCHEDULE_TIME_ZONES.map(({ zone, label }) => ({ value: zone, label: zone === "UTC" ? "UTC" : `${label} (${zone})` }));
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface ScheduleFormProps {
  initial: ScheduleFormValues;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: ScheduleFormValues) => void;
  onCancel: () => void;
}

/** Create or edit a schedule; the shared rules are checked before anything is sent. */
export function ScheduleForm({ initial, submitLabel, saving, onSubmit, onCancel }: ScheduleFormProps) {
  const form = useForm<ScheduleFormValues>({ initialValues: initial, validate: (values) => validateScheduleForm(values) });
  const { schedule_type: type, timezone } = form.values;
  const today = todayIn(timezone, new Date());

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={SCHEDULE_NAME_MAX} placeholder="Open for the show" {...form.getInputProps("name")} />
        <Textarea label="Description" autosize minRows={2} maxLength={SCHEDULE_DESCRIPTION_MAX} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select label="Type" required allowDeselect={false} data={TYPE_OPTIONS} {...form.getInputProps("schedule_type")} />
          <Select label="Action" required allowDeselect={false} data={ACTION_OPTIONS} {...form.getInputProps("action")} />
          <TimeInput label="Time" required {...form.getInputProps("execution_time")} />
          <Select label="Time zone" required allowDeselect={false} data={ZONE_OPTIONS} {...form.getInputProps("timezone")} />
        </SimpleGrid>
        {type === "weekly" && (
          <Checkbox.Group label="Days" required {...form.getInputProps("weekdays")}>
            <Group gap="sm" mt={6}>
              {WEEKDAYS.map((day) => (
                <Checkbox key={day} value={day} label={capitalize(day.slice(0, 3))} aria-label={capitalize(day)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {type === "once" ? (
          <DatePickerInput label="Date" description="Today when left empty" clearable valueFormat="YYYY-MM-DD" minDate={today} {...form.getInputProps("start_date")} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput label="Start date" description="Empty: from now on" clearable valueFormat="YYYY-MM-DD" {...form.getInputProps("start_date")} />
            <DatePickerInput label="End date" description="Empty: no end" clearable valueFormat="YYYY-MM-DD" {...form.getInputProps("end_date")} />
          </SimpleGrid>
        )}
        <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
