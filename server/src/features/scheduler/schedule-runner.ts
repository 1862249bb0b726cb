import { SCHEDULE_CATCH_UP_MS, type ScheduleAction, type ScheduleRun } from "@common/scheduler";
import type { Actor } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { performScheduleAction, type ScheduleActionDeps } from "./schedule-actions";
import { nextDueAfter } from "./schedule-recurrence";
import type { ScheduleRow, SchedulerRepository } from "./scheduler.repository";
import { recurrenceOf } from "./scheduler.presenter";

/** A run started this long after its due time is reported as a catch-up (the server was down or busy). */
const LATE_MS = 60_000;
/** Missed due times walked through at most, so a schedule left for years cannot stall a tick. */
const MAX_MISSED = 1000;

export interface ScheduleRunnerDeps extends ScheduleActionDeps {
  repository: SchedulerRepository;
  clock: Clock;
}

/**
 * Runs due schedules exactly once per due time, whatever the number of instances: each run starts by
 * claiming its (schedule, due time) row, and only the instance whose insert went in runs the action.
 */
export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  const { repository, clock } = deps;

  /** Claims one run and, if it is ours, runs the action and records the result; true when the action ran. */
  async function run(actor: Actor, schedule: ScheduleRow, dueAt: string, trigger: ScheduleRun["trigger"]): Promise<boolean> {
    const runId = newId();
    const claimed = await repository.claimRun({
      run_id: runId,
      schedule_id: schedule.schedule_id,
      due_at: dueAt,
      trigger,
      status: "running",
      detail: null,
      started_at: toIso(clock.now()),
      finished_at: null,
    });
    if (!claimed) return false;
    try {
      const detail = await performScheduleAction(deps, actor, schedule.action as ScheduleAction);
      await repository.finishRun(runId, { status: "ok", detail, finished_at: toIso(clock.now()) });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await repository.finishRun(runId, { status: "error", detail, finished_at: toIso(clock.now()) });
    }
    return true;
  }

  async function skip(schedule: ScheduleRow, dueAt: string): Promise<void> {
    const now = toIso(clock.now());
    await repository.claimRun({
      run_id: newId(),
      schedule_id: schedule.schedule_id,
      due_at: dueAt,
      trigger: "catch_up",
      status: "skipped",
      detail: "Missed while the server was down",
      started_at: now,
      finished_at: now,
    });
  }

  /**
   * One due schedule: every due time up to now that was missed is recorded as skipped, except the
   * latest, which runs when it is less than 15 minutes late. Then the schedule moves to its next due time.
   */
  async function runSchedule(actor: Actor, schedule: ScheduleRow): Promise<boolean> {
    const now = clock.now();
    const stored = schedule.next_execution!;
    const recurrence = recurrenceOf(schedule);
    const dues: Date[] = [];
    let next: Date | null = new Date(stored);
    while (next && next <= now && dues.length < MAX_MISSED) {
      dues.push(next);
      next = nextDueAfter(recurrence, next);
    }
    if (next && next <= now) next = nextDueAfter(recurrence, now);
    const latest = dues.pop();
    for (const missed of dues) await skip(schedule, toIso(missed));
    let ran = false;
    if (latest) {
      const lateBy = now.getTime() - latest.getTime();
      if (lateBy > SCHEDULE_CATCH_UP_MS) await skip(schedule, toIso(latest));
      else ran = await run(actor, schedule, toIso(latest), lateBy > LATE_MS ? "catch_up" : "scheduled");
    }
    await repository.advance(schedule.schedule_id, stored, next ? toIso(next) : null, toIso(clock.now()));
    return ran;
  }

  return {
    /** Runs every schedule that is due; returns how many actions this instance ran. */
    async runDue(actor: Actor): Promise<number> {
      let executed = 0;
      for (const schedule of await repository.due(toIso(clock.now()))) {
        if (await runSchedule(actor, schedule)) executed += 1;
      }
      return executed;
    },

    /** Runs one schedule now, whatever its time, as its own recorded run. */
    runNow: (actor: Actor, schedule: ScheduleRow) => run(actor, schedule, toIso(clock.now()), "manual"),
  };
}
