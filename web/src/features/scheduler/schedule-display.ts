import { SCHEDULE_TIME_ZONES, WEEKDAYS, type Schedule, type Weekday } from "@common/scheduler";

const ZONE_LABELS: Record<string, string> = Object.fromEntries(SCHEDULE_TIME_ZONES.map(({ zone, label }) => [zone, label]));

export const zoneLabel = (zone: string) => ZONE_LABELS[zone] ?? zone;

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Mon, Wed" for a weekly schedule, in week order; "Every day" for a daily one. */
export function describeDays(schedule: Pick<Schedule, "schedule_type" | "weekdays" | "start_date">): string {
  if (schedule.schedule_type === "daily") return "Every day";
  if (schedule.schedule_type === "once") return schedule.start_date ? `Once, ${schedule.start_date}` : "Once";
  const days = WEEKDAYS.filter((day) => schedule.weekdays.includes(day as Weekday));
  return days.length === WEEKDAYS.length ? "Every day" : days.map((day) => capitalize(day.slice(0, 3))).join(", ");
}

const WHEN: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** One instant as the schedule's zone and the viewer's own zone read it. */
export function describeInstant(iso: string, zone: string, options: { locale?: string; localZone?: string } = {}): { inZone: string; local: string } {
  const date = new Date(iso);
  return {
    inZone: new Intl.DateTimeFormat(options.locale, { ...WHEN, timeZone: zone }).format(date),
    local: new Intl.DateTimeFormat(options.locale, { ...WHEN, timeZone: options.localZone }).format(date),
  };
}

/** The date range a repeating schedule runs in, or null when it is open-ended. */
export function describeDates(schedule: Pick<Schedule, "schedule_type" | "start_date" | "end_date">): string | null {
  if (schedule.schedule_type === "once") return null;
  if (schedule.start_date && schedule.end_date) return `${schedule.start_date} to ${schedule.end_date}`;
  if (schedule.start_date) return `From ${schedule.start_date}`;
  if (schedule.end_date) return `Until ${schedule.end_date}`;
  return null;
}
