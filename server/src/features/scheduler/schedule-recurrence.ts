import { Cron } from "croner";
import type { ScheduleType, Weekday } from "@common/scheduler";

/** What decides when a schedule is due. Dates are YYYY-MM-DD and the time HH:MM, on the wall clock of `timezone`. */
export interface Recurrence {
  schedule_type: ScheduleType;
  execution_time: string;
  timezone: string;
  start_date: string | null;
  end_date: string | null;
  weekdays: readonly Weekday[];
}

const CRON_DAYS: Record<Weekday, string> = {
  monday: "MON",
  tuesday: "TUE",
  wednesday: "WED",
  thursday: "THU",
  friday: "FRI",
  saturday: "SAT",
  sunday: "SUN",
};

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The schedule as a croner job in its own zone. A single hour and minute makes it a fixed-time job in
 * croner's daylight-saving rules: a time the spring change skips runs once, at the end of the gap
 * (02:30 -> 03:00), and a time the autumn change repeats runs once, at its first occurrence.
 */
function cronOf(recurrence: Recurrence): Cron {
  const [hour, minute] = recurrence.execution_time.split(":").map(Number);
  const days = recurrence.schedule_type === "weekly" ? recurrence.weekdays.map((day) => CRON_DAYS[day]).join(",") : "*";
  if (recurrence.schedule_type === "once") {
    const date = recurrence.start_date!;
    const [, month, day] = date.split("-").map(Number);
    return new Cron(`0 ${minute} ${hour} ${day} ${month} *`, {
      timezone: recurrence.timezone,
      startAt: `${date}T00:00:00`,
      stopAt: `${nextDay(date)}T00:00:00`,
      paused: true,
    });
  }
  return new Cron(`0 ${minute} ${hour} * * ${days}`, {
    timezone: recurrence.timezone,
    paused: true,
    ...(recurrence.start_date ? { startAt: `${recurrence.start_date}T00:00:00` } : {}),
    ...(recurrence.end_date ? { stopAt: `${nextDay(recurrence.end_date)}T00:00:00` } : {}),
  });
}

/** The first due time strictly after `after`, or null when the schedule has none left. */
export function nextDueAfter(recurrence: Recurrence, after: Date): Date | null {
  return cronOf(recurrence).nextRun(after);
}
