import { z } from "zod";
import { blankAsNull, textField } from "./text";

export const SCHEDULE_TYPES = ["once", "daily", "weekly"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_ACTIONS = ["open_queue", "close_queue", "clear_queue", "open_submissions", "close_submissions"] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The time zones a schedule may run in (admin spec section 9), as IANA zones with the names the host reads. */
export const SCHEDULE_TIME_ZONES = [
  { zone: "UTC", label: "UTC" },
  { zone: "America/New_York", label: "Eastern" },
  { zone: "America/Chicago", label: "Central" },
  { zone: "America/Denver", label: "Mountain" },
  { zone: "America/Los_Angeles", label: "Pacific" },
  { zone: "Europe/London", label: "London" },
  { zone: "Europe/Paris", label: "Paris" },
  { zone: "Asia/Tokyo", label: "Tokyo" },
] as const;
export type ScheduleTimeZone = (typeof SCHEDULE_TIME_ZONES)[number]["zone"];
const ZONES = SCHEDULE_TIME_ZONES.map((z) => z.zone) as [ScheduleTimeZone, ...ScheduleTimeZone[]];

export const ACTION_LABELS: Record<ScheduleAction, string> = {
  open_queue: "Open queue",
  close_queue: "Close queue",
  clear_queue: "Clear Waiting and On-Hold (not Now Playing)",
  open_submissions: "Open submissions",
  close_submissions: "Close submissions",
};

/** A new schedule's values (admin spec section 9). */
export const SCHEDULE_DEFAULTS = {
  schedule_type: "daily",
  action: "open_queue",
  execution_time: "19:00",
  timezone: "America/New_York",
  is_active: true,
} as const satisfies { schedule_type: ScheduleType; action: ScheduleAction; execution_time: string; timezone: ScheduleTimeZone; is_active: boolean };

/** How often the page reads the list and the status again (admin spec section 9). */
export const SCHEDULES_REFETCH_MS = 30_000;
export const SCHEDULER_STATUS_REFETCH_MS = 10_000;

/** A due time missed (server down) by less than this still runs when the server is back; older ones are skipped. */
export const SCHEDULE_CATCH_UP_MS = 15 * 60_000;

export const SCHEDULE_NAME_MAX = 100;
export const SCHEDULE_DESCRIPTION_MAX = 500;

export const SCHEDULER_MESSAGES = {
  nameRequired: "Name is required",
  typeRequired: "Schedule type is required",
  typeUnknown: `Schedule type must be one of ${SCHEDULE_TYPES.join(", ")}`,
  actionRequired: "Action is required",
  actionUnknown: `Action must be one of ${SCHEDULE_ACTIONS.join(", ")}`,
  toggleActionUnknown: "Action must be open_queue or close_queue",
  timeRequired: "Time is required",
  timeFormat: "Time must be HH:MM (24-hour clock)",
  timezoneUnknown: `Time zone must be one of ${ZONES.join(", ")}`,
  dateFormat: "Dates must be written YYYY-MM-DD",
  datePast: "The date of a one-time schedule cannot be in the past",
  timePast: "The time of a one-time schedule set for today has already passed: choose a later time or another day",
  endBeforeStart: "The end date cannot be before the start date",
  weekdaysRequired: "Please select at least one day for weekly schedules",
  weekdayUnknown: `Days must be ${WEEKDAYS.join(", ")}`,
  notFound: "Schedule not found",
  createFailed: "Failed to create schedule:",
  updateFailed: "Failed to update schedule:",
  deleteFailed: "Failed to delete schedule:",
  executeFailed: "Failed to execute schedules:",
  toggleFailed: "Failed to toggle queue:",
} as const;

const M = SCHEDULER_MESSAGES;

/** An enum whose refusal says "required" for a missing value and lists the choices otherwise. */
const choice = <T extends readonly [string, ...string[]]>(values: T, required: string, unknown: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? required : unknown) });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export const isCalendarDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const dateField = z
  .string({ error: M.dateFormat })
  .trim()
  .refine((v) => v === "" || isCalendarDate(v), M.dateFormat)
  .nullable()
  .transform((v) => v || null)
  .optional();

/** The fields of a schedule as an admin sends them; PUT takes any of them. */
export const scheduleFieldsSchema = z.object({
  name: textField({ max: SCHEDULE_NAME_MAX, required: M.nameRequired }),
  description: blankAsNull(textField({ max: SCHEDULE_DESCRIPTION_MAX, multiline: true })),
  schedule_type: choice(SCHEDULE_TYPES, M.typeRequired, M.typeUnknown),
  action: choice(SCHEDULE_ACTIONS, M.actionRequired, M.actionUnknown),
  execution_time: z
    .string({ error: M.timeRequired })
    .trim()
    .min(1, { error: M.timeRequired, abort: true })
    .regex(TIME, M.timeFormat)
    .describe("HH:MM, 24-hour, in the schedule's time zone"),
  timezone: z.enum(ZONES, { error: M.timezoneUnknown }).default(SCHEDULE_DEFAULTS.timezone),
  start_date: dateField.describe("YYYY-MM-DD in the schedule's time zone; a one-time schedule runs on it (today when empty)"),
  end_date: dateField.describe("YYYY-MM-DD, the last day it runs"),
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: M.weekdayUnknown }))
    .max(WEEKDAYS.length)
    .default([]),
  is_active: z.boolean().default(SCHEDULE_DEFAULTS.is_active),
});

/** A whole schedule: its fields, then the rules between them. */
export const scheduleInputSchema = scheduleFieldsSchema.superRefine((value, ctx) => {
  if (value.schedule_type === "weekly" && value.weekdays.length === 0) ctx.addIssue({ code: "custom", path: ["weekdays"], message: M.weekdaysRequired });
  if (value.start_date && value.end_date && value.end_date < value.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: M.endBeforeStart });
});
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

/** PUT: the fields to change; the server checks the schedule they make as a whole. */
export const scheduleUpdateSchema = z.object({
  name: scheduleFieldsSchema.shape.name.optional(),
  description: scheduleFieldsSchema.shape.description,
  schedule_type: scheduleFieldsSchema.shape.schedule_type.optional(),
  action: scheduleFieldsSchema.shape.action.optional(),
  execution_time: scheduleFieldsSchema.shape.execution_time.optional(),
  timezone: z.enum(ZONES, { error: M.timezoneUnknown }).optional(),
  start_date: dateField,
  end_date: dateField,
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: M.weekdayUnknown }))
    .max(WEEKDAYS.length)
    .optional(),
  is_active: z.boolean().optional(),
});
export type ScheduleUpdate = z.output<typeof scheduleUpdateSchema>;

/** Today's date (YYYY-MM-DD) on the wall calendar of `zone`. */
export const todayIn = (zone: string, now: Date): string => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

export const RUN_TRIGGERS = ["scheduled", "catch_up", "manual"] as const;
export const RUN_STATUSES = ["running", "ok", "error", "skipped"] as const;

export const scheduleRunSchema = z.object({
  run_id: z.string(),
  schedule_id: z.string(),
  schedule_name: z.string(),
  action: z.enum(SCHEDULE_ACTIONS),
  due_at: z.string().describe("The due time this run is for (ISO UTC)"),
  trigger: z.enum(RUN_TRIGGERS).describe("scheduled on time, catch_up after a restart, manual from execute"),
  status: z.enum(RUN_STATUSES).describe("skipped: missed by more than 15 minutes while the server was down"),
  detail: z.string().nullable().describe("What the action did, or why it failed"),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleSchema = z.object({
  schedule_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  schedule_type: z.enum(SCHEDULE_TYPES),
  action: z.enum(SCHEDULE_ACTIONS),
  execution_time: z.string(),
  timezone: z.enum(ZONES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  is_active: z.boolean(),
  next_execution: z.string().nullable().describe("ISO UTC; null when paused or when no run is left"),
  execution_count: z.number().int().describe("Runs that executed the action (ok or error), skipped ones excluded"),
  last_run: scheduleRunSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ schedules: z.array(scheduleSchema), total_schedules: z.number().int() });
export type ScheduleList = z.infer<typeof scheduleListSchema>;

export const scheduleRunListSchema = z.object({ runs: z.array(scheduleRunSchema) });
export const scheduleRunsQuerySchema = z.object({
  schedule_id: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST schedules/execute: the due schedules, or with `schedule_id` that one schedule now. */
export const executeSchedulesSchema = z.object({ schedule_id: z.string().max(64).optional() });
export const executeResultSchema = z.object({ executed_count: z.number().int() });

export const queueToggleSchema = z.object({
  action: z.enum(["open_queue", "close_queue"], { error: M.toggleActionUnknown }),
});

export const schedulerStatusSchema = z.object({
  is_queue_open: z.boolean(),
  is_submissions_open: z.boolean(),
  current_queue_size: z.number().int().describe("Entries waiting"),
  active_queue_size: z.number().int().describe("Entries Now Playing"),
  next_scheduled_action: z.object({ schedule_id: z.string(), name: z.string(), action: z.enum(SCHEDULE_ACTIONS), next_execution: z.string(), timezone: z.enum(ZONES) }).nullable(),
});
export type SchedulerStatus = z.infer<typeof schedulerStatusSchema>;
