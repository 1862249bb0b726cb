import { type Schedule, type ScheduleAction, type ScheduleRun, type ScheduleTimeZone, type ScheduleType, type Weekday, WEEKDAYS } from "@common/scheduler";
import type { RunWithSchedule, ScheduleRow } from "./scheduler.repository";
import type { Recurrence } from "./schedule-recurrence";

export const weekdaysOf = (stored: string): Weekday[] => WEEKDAYS.filter((day) => stored.split(",").includes(day));
export const storeWeekdays = (days: readonly Weekday[]) => WEEKDAYS.filter((day) => days.includes(day)).join(",");

export function recurrenceOf(row: ScheduleRow): Recurrence {
  return {
    schedule_type: row.schedule_type as ScheduleType,
    execution_time: row.execution_time,
    timezone: row.timezone,
    start_date: row.start_date,
    end_date: row.end_date,
    weekdays: weekdaysOf(row.weekdays),
  };
}

export function presentRun(row: RunWithSchedule): ScheduleRun {
  return {
    run_id: row.run_id,
    schedule_id: row.schedule_id,
    schedule_name: row.schedule_name,
    action: row.action as ScheduleAction,
    due_at: row.due_at,
    trigger: row.trigger as ScheduleRun["trigger"],
    status: row.status as ScheduleRun["status"],
    detail: row.detail,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export function presentSchedule(row: ScheduleRow, executionCount: number, lastRun: RunWithSchedule | undefined): Schedule {
  return {
    schedule_id: row.schedule_id,
    name: row.name,
    description: row.description,
    schedule_type: row.schedule_type as ScheduleType,
    action: row.action as ScheduleAction,
    execution_time: row.execution_time,
    timezone: row.timezone as ScheduleTimeZone,
    start_date: row.start_date,
    end_date: row.end_date,
    weekdays: weekdaysOf(row.weekdays),
    is_active: row.is_active === 1,
    next_execution: row.next_execution,
    execution_count: executionCount,
    last_run: lastRun ? presentRun(lastRun) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
