/** A schedule: when (type, time, zone, dates, days) and what (action); `next_execution` is the next due time. */
export interface ScheduleTable {
  schedule_id: string;
  name: string;
  description: string | null;
  schedule_type: string;
  action: string;
  /** HH:MM on the wall clock of `timezone`. */
  execution_time: string;
  /** IANA zone. */
  timezone: string;
  /** YYYY-MM-DD in the schedule's zone. */
  start_date: string | null;
  end_date: string | null;
  /** Comma-separated weekday names; empty unless weekly. */
  weekdays: string;
  is_active: number;
  /** ISO UTC of the next due time; null when paused or finished. */
  next_execution: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One run of a schedule for one due time (unique together), with its result. */
export interface ScheduleRunTable {
  run_id: string;
  schedule_id: string;
  due_at: string;
  trigger: string;
  status: string;
  detail: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface SchedulerTables {
  schedules: ScheduleTable;
  schedule_runs: ScheduleRunTable;
}
