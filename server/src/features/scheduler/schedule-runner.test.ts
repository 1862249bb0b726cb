import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { scheduleInputSchema } from "@common/scheduler";
import { describeEachDatabase, reopenTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../../test/test-app";
import { createFakeClock } from "../../test/fake-clock";
import { TEST_SYSTEM } from "../../test/factories";
import type { AdminActor } from "../../lib/access";
import { runDueSchedules } from "./run-due-schedules.job";

const MINUTE = 60_000;
/** Reading the back-office takes an admin. */
const READER: AdminActor = { kind: "admin", adminId: "reader", username: "reader", isActive: true, isSuperAdmin: false, sessionVersion: 0 };

describeEachDatabase("running schedules once per due time", (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let secondHandle: TestDatabase;
  const clock = createFakeClock(new Date("2026-03-07T12:00:00.000Z"));

  beforeAll(async () => {
    a = await startTestApp(dialect, { clock });
    secondHandle = reopenTestDatabase(a.database);
    b = await startTestApp(dialect, { database: secondHandle, clock });
  });
  afterAll(async () => {
    await b.close();
    await secondHandle.close();
    await a.close();
  });
  beforeEach(async () => {
    await a.database.db.deleteFrom("schedules").execute();
    await a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
  });

  const createAt = async (now: string, fields: Record<string, unknown>) => {
    clock.set(new Date(now));
    return a.deps.services.scheduler.create(TEST_SYSTEM, scheduleInputSchema.parse({ name: "Test", schedule_type: "daily", action: "open_queue", ...fields }));
  };
  const runs = async () => (await a.deps.services.scheduler.runs(READER, { limit: 100 })).reverse();
  const tick = (app: TestApp = a) => runDueSchedules.run(app.deps);
  /** The job's ticks from `from` to `until`, one a minute. */
  const tickThrough = async (from: string, until: string) => {
    for (let t = Date.parse(from); t <= Date.parse(until); t += MINUTE) {
      clock.set(new Date(t));
      await tick();
    }
  };

  it("runs a daily 02:30 New York schedule once on the spring-forward day, at 03:00 EDT", async () => {
    await createAt("2026-03-07T12:00:00.000Z", { execution_time: "02:30" });
    await tickThrough("2026-03-08T05:00:00.000Z", "2026-03-08T09:00:00.000Z");
    expect(await runs()).toEqual([expect.objectContaining({ due_at: "2026-03-08T07:00:00.000Z", status: "ok", trigger: "scheduled" })]);
    expect(await a.deps.services.settings.isQueueOpen()).toBe(true);
  });

  it("runs a daily 01:30 New York schedule once on the fall-back day, at the first 01:30", async () => {
    await createAt("2026-10-31T12:00:00.000Z", { execution_time: "01:30", action: "close_submissions" });
    await tickThrough("2026-11-01T05:00:00.000Z", "2026-11-01T07:30:00.000Z");
    expect(await runs()).toEqual([expect.objectContaining({ due_at: "2026-11-01T05:30:00.000Z", status: "ok", detail: "Submissions closed" })]);
    const [schedule] = (await a.deps.services.scheduler.list(READER)).schedules;
    expect(schedule?.next_execution).toBe("2026-11-02T06:30:00.000Z");
  });

  it("runs a due time missed by less than 15 minutes when the server is back, and skips an older one", async () => {
    await createAt("2026-11-22T12:00:00.000Z", { execution_time: "19:00" });
    clock.set(new Date(Date.parse("2026-11-23T00:00:00.000Z") + 14 * MINUTE));
    await tick();
    expect(await runs()).toEqual([expect.objectContaining({ due_at: "2026-11-23T00:00:00.000Z", status: "ok", trigger: "catch_up" })]);

    await a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    clock.set(new Date(Date.parse("2026-11-24T00:00:00.000Z") + 16 * MINUTE));
    await tick();
    expect((await runs())[1]).toMatchObject({ due_at: "2026-11-24T00:00:00.000Z", status: "skipped", trigger: "catch_up" });
    expect(await a.deps.services.settings.isQueueOpen()).toBe(false);
    const [schedule] = (await a.deps.services.scheduler.list(READER)).schedules;
    expect(schedule).toMatchObject({ execution_count: 1, next_execution: "2026-11-25T00:00:00.000Z" });
  });

  it("after days down, records the missed due times as skipped and runs only the latest if it is recent", async () => {
    await createAt("2026-11-22T12:00:00.000Z", { execution_time: "19:00" });
    clock.set(new Date(Date.parse("2026-11-26T00:00:00.000Z") + 5 * MINUTE));
    await tick();
    expect((await runs()).map((run) => [run.due_at, run.status])).toEqual([
      ["2026-11-23T00:00:00.000Z", "skipped"],
      ["2026-11-24T00:00:00.000Z", "skipped"],
      ["2026-11-25T00:00:00.000Z", "skipped"],
      ["2026-11-26T00:00:00.000Z", "ok"],
    ]);
  });

  it("runs one schedule once when two instances tick at the same time", async () => {
    await createAt("2026-11-22T12:00:00.000Z", { execution_time: "19:00" });
    clock.set(new Date("2026-11-23T00:00:01.000Z"));
    const opened: string[] = [];
    a.deps.events.on("settings.changed", (event) => void opened.push(`a:${event.name}`));
    b.deps.events.on("settings.changed", (event) => void opened.push(`b:${event.name}`));
    const counts = await Promise.all([a.deps.services.scheduler.execute(TEST_SYSTEM), b.deps.services.scheduler.execute(TEST_SYSTEM), tick(a), tick(b)]);
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(1);
    expect(await runs()).toEqual([expect.objectContaining({ due_at: "2026-11-23T00:00:00.000Z", status: "ok" })]);
    expect(opened.filter((name) => name.endsWith("isQueueOn"))).toHaveLength(1);
  });

  it("does not run again a due time an instance claimed before it stopped", async () => {
    const schedule = await createAt("2026-11-22T12:00:00.000Z", { execution_time: "19:00" });
    // An instance claimed the 19:00 run and stopped before it moved the schedule on.
    await a.database.db
      .insertInto("schedule_runs")
      .values({
        run_id: "orphan",
        schedule_id: schedule.schedule_id,
        due_at: "2026-11-23T00:00:00.000Z",
        trigger: "scheduled",
        status: "running",
        detail: null,
        started_at: "2026-11-23T00:00:00.000Z",
        finished_at: null,
      })
      .execute();
    clock.set(new Date("2026-11-23T00:02:00.000Z"));
    await tick(b);
    expect(await a.deps.services.settings.isQueueOpen()).toBe(false);
    expect(await runs()).toHaveLength(1);
    const [listed] = (await b.deps.services.scheduler.list(READER)).schedules;
    expect(listed?.next_execution).toBe("2026-11-24T00:00:00.000Z");
  });

  it("does not run a paused schedule", async () => {
    const schedule = await createAt("2026-11-22T12:00:00.000Z", { execution_time: "19:00" });
    await a.deps.services.scheduler.update(TEST_SYSTEM, schedule.schedule_id, { is_active: false });
    await tickThrough("2026-11-22T23:58:00.000Z", "2026-11-23T00:05:00.000Z");
    expect(await runs()).toEqual([]);
  });
});
