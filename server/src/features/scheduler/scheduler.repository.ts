import type { Db } from "../../db/kysely";
import type { ScheduleRunTable, ScheduleTable } from "../../db/tables/scheduler";

export type ScheduleRow = ScheduleTable;
export type ScheduleRunRow = ScheduleRunTable;
export type RunWithSchedule = ScheduleRunRow & { schedule_name: string; action: string };

export function createSchedulerRepository(db: Db) {
  const runsWithSchedule = () =>
    db
      .selectFrom("schedule_runs")
      .innerJoin("schedules", "schedules.schedule_id", "schedule_runs.schedule_id")
      .selectAll("schedule_runs")
      .select(["schedules.name as schedule_name", "schedules.action as action"]);

  return {
    async list(): Promise<ScheduleRow[]> {
      return db.selectFrom("schedules").selectAll().orderBy("created_at").orderBy("schedule_id").execute();
    },

    async find(id: string): Promise<ScheduleRow | undefined> {
      return db.selectFrom("schedules").selectAll().where("schedule_id", "=", id).executeTakeFirst();
    },

    async insert(row: ScheduleRow): Promise<void> {
      await db.insertInto("schedules").values(row).execute();
    },

    async update(id: string, values: Partial<ScheduleRow>): Promise<ScheduleRow | undefined> {
      return db.updateTable("schedules").set(values).where("schedule_id", "=", id).returningAll().executeTakeFirst();
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("schedules").where("schedule_id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Active schedules whose next due time has come. */
    async due(now: string): Promise<ScheduleRow[]> {
      return db
        .selectFrom("schedules")
        .selectAll()
        .where("is_active", "=", 1)
        .where("next_execution", "is not", null)
        .where("next_execution", "<=", now)
        .orderBy("next_execution")
        .execute();
    },

    /** The soonest upcoming run of an active schedule. */
    async nextUp(): Promise<ScheduleRow | undefined> {
      return db.selectFrom("schedules").selectAll().where("is_active", "=", 1).where("next_execution", "is not", null).orderBy("next_execution").limit(1).executeTakeFirst();
    },

    /** Moves a schedule past a due time, unless something (an edit, another instance) already moved it. */
    async advance(id: string, from: string, to: string | null, now: string): Promise<void> {
      await db.updateTable("schedules").set({ next_execution: to, updated_at: now }).where("schedule_id", "=", id).where("next_execution", "=", from).execute();
    },

    /**
     * Claims the run of one schedule for one due time: insert-or-skip on the unique key, so of several
     * instances exactly one gets `true` back.
     */
    async claimRun(row: ScheduleRunRow): Promise<boolean> {
      const inserted = await db
        .insertInto("schedule_runs")
        .values(row)
        .onConflict((oc) => oc.columns(["schedule_id", "due_at"]).doNothing())
        .returning("run_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async finishRun(runId: string, values: Pick<ScheduleRunRow, "status" | "detail" | "finished_at">): Promise<void> {
      await db.updateTable("schedule_runs").set(values).where("run_id", "=", runId).execute();
    },

    /** Runs that executed the action (ok or error) per schedule. */
    async executionCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("schedule_runs")
        .select(["schedule_id", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", ["ok", "error"])
        .groupBy("schedule_id")
        .execute();
      return new Map(rows.map((row) => [row.schedule_id, Number(row.count)]));
    },

    /** The latest run of each schedule. */
    async lastRuns(): Promise<Map<string, RunWithSchedule>> {
      const rows = await runsWithSchedule()
        .where(({ eb, selectFrom }) =>
          eb(
            "schedule_runs.started_at",
            "=",
            selectFrom("schedule_runs as later")
              .select((e) => e.fn.max("later.started_at").as("latest"))
              .whereRef("later.schedule_id", "=", "schedule_runs.schedule_id"),
          ),
        )
        .orderBy("schedule_runs.run_id")
        .execute();
      return new Map(rows.map((row) => [row.schedule_id, row]));
    },

    async recentRuns(limit: number, scheduleId?: string): Promise<RunWithSchedule[]> {
      let query = runsWithSchedule();
      if (scheduleId) query = query.where("schedule_runs.schedule_id", "=", scheduleId);
      return query.orderBy("schedule_runs.started_at", "desc").orderBy("schedule_runs.due_at", "desc").limit(limit).execute();
    },
  };
}

export type SchedulerRepository = ReturnType<typeof createSchedulerRepository>;
