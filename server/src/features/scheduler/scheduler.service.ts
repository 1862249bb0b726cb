import {
  SCHEDULER_MESSAGES,
  type Schedule,
  type ScheduleInput,
  type ScheduleList,
  type ScheduleRun,
  type ScheduleUpdate,
  type SchedulerStatus,
  scheduleInputSchema,
  todayIn,
} from "@common/scheduler";
import type { Db } from "../../db/kysely";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { ValidationError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { parseInput } from "../../lib/validation";
import type { AuditRecorder } from "../audit/audit.service";
import type { ScheduleActionDeps } from "./schedule-actions";
import { nextDueAfter } from "./schedule-recurrence";
import { createScheduleRunner } from "./schedule-runner";
import { createSchedulerRepository, type SchedulerRepository, type ScheduleRow } from "./scheduler.repository";
import { presentRun, presentSchedule, storeWeekdays, weekdaysOf } from "./scheduler.presenter";

/** The fields whose change can move a one-time schedule's date into the past. */
const WHEN_FIELDS = ["schedule_type", "start_date", "timezone", "execution_time", "is_active"] as const;

/**
 * Schedules that open and close the queue (and its submissions) or clear it at set times, in their own
 * time zone. Any admin reads; an active admin (or the server's job) changes and runs them.
 */
export function createSchedulerService(deps: ScheduleActionDeps & { db: Db; clock: Clock; audit: AuditRecorder }) {
  const repository = createSchedulerRepository(deps.db);
  const runner = createScheduleRunner({ ...deps, repository });
  /** A schedule change and its audit record commit together. */
  const write = <T>(work: (repo: SchedulerRepository, trx: Db) => Promise<T>): Promise<T> => deps.db.transaction().execute((trx) => work(createSchedulerRepository(trx), trx));
  const named = (row: ScheduleRow) => ({ schedule_id: row.schedule_id, name: row.name });

  /**
   * A one-time schedule runs on its date (today in its zone when none is given). An active one may not be
   * past, nor set for today at a time already gone (it would never run yet show as active); a paused one
   * whose time has passed may still be kept, edited or deleted.
   */
  function settleDate(input: ScheduleInput): ScheduleInput {
    if (input.schedule_type !== "once") return input;
    const now = deps.clock.now();
    const today = todayIn(input.timezone, now);
    const date = input.start_date ?? today;
    const settled = { ...input, start_date: date, end_date: null };
    if (!input.is_active) return settled;
    if (date < today) throw new ValidationError([{ loc: ["body", "start_date"], msg: SCHEDULER_MESSAGES.datePast, type: "value_error" }]);
    if (!nextDueAfter({ ...settled, weekdays: [] }, now)) {
      throw new ValidationError([{ loc: ["body", "execution_time"], msg: SCHEDULER_MESSAGES.timePast, type: "value_error" }]);
    }
    return settled;
  }

  /** The timing fields the patch really changes (a form sends them all again), or is_active turned on. */
  function timingChanged(current: ScheduleRow, given: Record<string, unknown>): boolean {
    const stored: Record<(typeof WHEN_FIELDS)[number], unknown> = {
      schedule_type: current.schedule_type,
      start_date: current.start_date,
      timezone: current.timezone,
      execution_time: current.execution_time,
      is_active: current.is_active === 1,
    };
    return WHEN_FIELDS.some((field) => field in given && given[field] !== stored[field]);
  }

  function columns(input: ScheduleInput): Omit<ScheduleRow, "schedule_id" | "created_by" | "created_at"> {
    const now = deps.clock.now();
    const values = {
      name: input.name,
      description: input.description ?? null,
      schedule_type: input.schedule_type,
      action: input.action,
      execution_time: input.execution_time,
      timezone: input.timezone,
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
      weekdays: input.schedule_type === "weekly" ? storeWeekdays(input.weekdays) : "",
      is_active: input.is_active ? 1 : 0,
      updated_at: toIso(now),
    };
    // Resuming or changing a schedule counts from now: nothing missed while paused runs.
    const next = input.is_active ? nextDueAfter({ ...values, schedule_type: input.schedule_type, weekdays: input.weekdays }, now) : null;
    return { ...values, next_execution: next ? toIso(next) : null };
  }

  async function present(rows: ScheduleRow[]): Promise<Schedule[]> {
    const [counts, lastRuns] = await Promise.all([repository.executionCounts(), repository.lastRuns()]);
    return rows.map((row) => presentSchedule(row, counts.get(row.schedule_id) ?? 0, lastRuns.get(row.schedule_id)));
  }

  async function existing(id: string): Promise<ScheduleRow> {
    const row = await repository.find(id);
    if (!row) throw notFound(SCHEDULER_MESSAGES.notFound);
    return row;
  }

  async function status(): Promise<SchedulerStatus> {
    const [isQueueOpen, isSubmissionsOpen, overview, next] = await Promise.all([
      deps.settings.isQueueOpen(),
      deps.settings.isSubmissionsOpen(),
      deps.queue.overview(),
      repository.nextUp(),
    ]);
    return {
      is_queue_open: isQueueOpen,
      is_submissions_open: isSubmissionsOpen,
      current_queue_size: overview.waiting_queue,
      active_queue_size: overview.active_queue,
      next_scheduled_action:
        next && next.next_execution
          ? {
              schedule_id: next.schedule_id,
              name: next.name,
              action: next.action as Schedule["action"],
              next_execution: next.next_execution,
              timezone: next.timezone as Schedule["timezone"],
            }
          : null,
    };
  }

  return {
    async list(actor: Actor): Promise<ScheduleList> {
      requireAdmin(actor);
      const schedules = await present(await repository.list());
      return { schedules, total_schedules: schedules.length };
    },

    async create(actor: Actor, input: ScheduleInput): Promise<Schedule> {
      const who = requireActiveAdmin(actor);
      const now = toIso(deps.clock.now());
      const row: ScheduleRow = {
        schedule_id: newId(),
        created_by: who.kind === "admin" ? who.adminId : null,
        created_at: now,
        ...columns(settleDate(input)),
      };
      await write(async (repo, trx) => {
        await repo.insert(row);
        await deps.audit.record(trx, { actor, action: "schedule.created", details: { ...named(row), action: row.action, schedule_type: row.schedule_type } });
      });
      return (await present([row]))[0]!;
    },

    /** Changes the fields given; the schedule they make is checked as a whole, as on create. */
    async update(actor: Actor, id: string, patch: ScheduleUpdate): Promise<Schedule> {
      requireActiveAdmin(actor);
      const current = await existing(id);
      const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const merged = parseInput(
        scheduleInputSchema,
        {
          name: current.name,
          description: current.description,
          schedule_type: current.schedule_type,
          action: current.action,
          execution_time: current.execution_time,
          timezone: current.timezone,
          start_date: current.start_date,
          end_date: current.end_date,
          weekdays: weekdaysOf(current.weekdays),
          is_active: current.is_active === 1,
          ...given,
        },
        "body",
      );
      const whenChanged = timingChanged(current, given);
      const values = columns(whenChanged ? settleDate(merged) : merged);
      // An edit that leaves the timing alone keeps the due time the schedule was waiting for.
      if (!whenChanged) values.next_execution = current.next_execution;
      // Pausing and resuming (is_active flipped) read as such in the audit log; any other edit is a change.
      const action = values.is_active === current.is_active ? "schedule.updated" : values.is_active ? "schedule.resumed" : "schedule.paused";
      const row = await write(async (repo, trx) => {
        const row = await repo.update(id, values);
        if (!row) throw notFound(SCHEDULER_MESSAGES.notFound);
        await deps.audit.record(trx, { actor, action, details: { ...named(row), fields: Object.keys(given) } });
        return row;
      });
      return (await present([row]))[0]!;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      requireActiveAdmin(actor);
      await write(async (repo, trx) => {
        const row = await repo.find(id);
        if (!row || !(await repo.remove(id))) throw notFound(SCHEDULER_MESSAGES.notFound);
        await deps.audit.record(trx, { actor, action: "schedule.deleted", details: named(row) });
      });
    },

    async runs(actor: Actor, query: { schedule_id?: string; limit: number }): Promise<ScheduleRun[]> {
      requireAdmin(actor);
      return (await repository.recentRuns(query.limit, query.schedule_id)).map(presentRun);
    },

    /** Runs the schedules that are due now, or with `scheduleId` that schedule at once; returns how many ran. */
    async execute(actor: Actor, scheduleId?: string): Promise<number> {
      requireActiveAdmin(actor);
      const target = scheduleId === undefined ? undefined : await existing(scheduleId);
      const ran = target ? ((await runner.runNow(actor, target)) ? 1 : 0) : await runner.runDue(actor);
      // The 15-s job runs due schedules as the server (each run has its own record); an admin's Execute is logged.
      if (actor.kind === "admin") {
        await deps.audit.record(deps.db, { actor, action: "schedule.executed", details: { ...(target ? named(target) : { schedule_id: null }), ran } });
      }
      return ran;
    },

    async status(actor: Actor): Promise<SchedulerStatus> {
      requireAdmin(actor);
      return status();
    },

    /** The manual open/close switch of the page; answers the status after the change. */
    async toggleQueue(actor: Actor, action: "open_queue" | "close_queue"): Promise<SchedulerStatus> {
      requireActiveAdmin(actor);
      await deps.settings.set(actor, "isQueueOn", action === "open_queue" ? "true" : "false");
      return status();
    },
  };
}

export type SchedulerService = ReturnType<typeof createSchedulerService>;
