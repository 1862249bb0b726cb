import {
  SCHEDULE_DEFAULTS,
  SCHEDULER_MESSAGES,
  type Schedule,
  type ScheduleAction,
  type ScheduleTimeZone,
  type ScheduleType,
  type Weekday,
  scheduleInputSchema,
  todayIn,
} from "@common/scheduler";

/** What the create/edit form holds: every field as the inputs give it. */
export interface ScheduleFormValues {
  name: string;
  description: string;
  schedule_type: ScheduleType;
  action: ScheduleAction;
  execution_time: string;
  timezone: ScheduleTimeZone;
  start_date: string | null;
  end_date: string | null;
  weekdays: Weekday[];
  is_active: boolean;
}

export type ScheduleFormErrors = Partial<Record<keyof ScheduleFormValues, string>>;

/** A new schedule, at the spec's defaults. */
export const newScheduleValues = (): ScheduleFormValues => ({
  name: "",
  description: "",
  ...SCHEDULE_DEFAULTS,
  start_date: null,
  end_date: null,
  weekdays: [],
});

export const scheduleValuesOf = (schedule: Schedule): ScheduleFormValues => ({
  name: schedule.name,
  description: schedule.description ?? "",
  schedule_type: schedule.schedule_type,
  action: schedule.action,
  execution_time: schedule.execution_time,
  timezone: schedule.timezone,
  start_date: schedule.start_date,
  end_date: schedule.end_date,
  weekdays: schedule.weekdays,
  is_active: schedule.is_active,
});

/** The request body: days only for a weekly schedule, an end date only for a repeating one. */
export function scheduleBody(values: ScheduleFormValues) {
  return {
    ...values,
    description: values.description.trim() || null,
    weekdays: values.schedule_type === "weekly" ? values.weekdays : [],
    end_date: values.schedule_type === "once" ? null : values.end_date,
  };
}

/**
 * The server's rules, checked before sending: the shared schema (required fields, time, days of a
 * weekly schedule, date order) and a one-time date not before today in the schedule's zone.
 */
export function validateScheduleForm(values: ScheduleFormValues, now: Date = new Date()): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  const result = scheduleInputSchema.safeParse(scheduleBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof ScheduleFormValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (values.schedule_type === "once" && values.start_date && values.start_date < todayIn(values.timezone, now) && !errors.start_date) {
    errors.start_date = SCHEDULER_MESSAGES.datePast;
  }
  return errors;
}
