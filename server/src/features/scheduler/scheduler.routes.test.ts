import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SCHEDULER_MESSAGES as M } from "@common/scheduler";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { createFakeClock } from "../../test/fake-clock";
import { connectSocket, type TestSocket } from "../../test/live";
import { makeSubmission, resetQueue, TEST_SYSTEM } from "../../test/factories";

// A Sunday noon in New York (17:00 UTC).
const START = new Date("2026-11-22T17:00:00.000Z");

describeEachDatabase("the scheduler's calls", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  let viewer: TestSocket;
  const clock = createFakeClock(START);

  beforeAll(async () => {
    server = await startTestApp(dialect, { clock });
    http = httpClient(server.baseUrl);
    admin = await createTestAdmin(server.deps);
    viewer = await connectSocket(`${server.wsUrl}/ws/public`);
  });
  afterAll(async () => {
    await viewer.close();
    await server.close();
  });
  beforeEach(async () => {
    await moveClockTo(START.toISOString());
    await server.deps.db.deleteFrom("schedules").execute();
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
  });

  const token = () => admin.accessToken;
  /** Moves the fake clock, with a token signed at the new time (the old one would have expired). */
  const moveClockTo = async (iso: string) => {
    clock.set(new Date(iso));
    admin.accessToken = await server.deps.tokens.signAccess(admin.admin.admin_id, "admin");
  };
  const create = (json: unknown, as = token()) => http.post("scheduler/schedules", { token: as, json });
  const firstMessage = (response: { body: { detail: { msg: string; loc: unknown[] }[] } }) => response.body.detail[0]!;

  describe("creating and listing", () => {
    it("creates a schedule with the spec's defaults and lists it with its next execution", async () => {
      const response = await create({ name: "Open for the show", schedule_type: "daily", action: "open_queue", execution_time: "19:00" });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: "Open for the show",
        description: null,
        schedule_type: "daily",
        action: "open_queue",
        execution_time: "19:00",
        timezone: "America/New_York",
        weekdays: [],
        is_active: true,
        next_execution: "2026-11-23T00:00:00.000Z",
        execution_count: 0,
        last_run: null,
      });
      const list = await http.get("scheduler/schedules", { token: token() });
      expect(list.status).toBe(200);
      expect(list.body.total_schedules).toBe(1);
      expect(list.body.schedules[0].schedule_id).toBe(response.body.schedule_id);
    });

    it("runs a weekly schedule on the first of its days, in its own zone", async () => {
      const response = await create({
        name: "Weekday close",
        schedule_type: "weekly",
        action: "close_queue",
        execution_time: "22:30",
        timezone: "Europe/Paris",
        weekdays: ["wednesday", "monday"],
      });
      expect(response.body.weekdays).toEqual(["monday", "wednesday"]);
      expect(response.body.next_execution).toBe("2026-11-23T21:30:00.000Z");
    });

    it("puts a one-time schedule without a date on today in its zone", async () => {
      const response = await create({ name: "Tonight", schedule_type: "once", action: "clear_queue", execution_time: "23:00", timezone: "Asia/Tokyo" });
      // 17:00 UTC is already Monday in Tokyo.
      expect(response.body).toMatchObject({ start_date: "2026-11-23", next_execution: "2026-11-23T14:00:00.000Z" });
    });
  });

  describe("refusing", () => {
    it("answers the spec's sentence for a weekly schedule without days", async () => {
      const response = await create({ name: "Weekly", schedule_type: "weekly", action: "open_queue", execution_time: "19:00", weekdays: [] });
      expect(response.status).toBe(422);
      expect(firstMessage(response)).toMatchObject({ loc: ["body", "weekdays"], msg: "Please select at least one day for weekly schedules" });
    });

    it("requires a name, a type, an action and a time", async () => {
      const cases: [object, string, string][] = [
        [{ schedule_type: "daily", action: "open_queue", execution_time: "19:00" }, "name", M.nameRequired],
        [{ name: "  ", schedule_type: "daily", action: "open_queue", execution_time: "19:00" }, "name", M.nameRequired],
        [{ name: "x", action: "open_queue", execution_time: "19:00" }, "schedule_type", M.typeRequired],
        [{ name: "x", schedule_type: "daily", execution_time: "19:00" }, "action", M.actionRequired],
        [{ name: "x", schedule_type: "daily", action: "open_queue" }, "execution_time", M.timeRequired],
        [{ name: "x", schedule_type: "daily", action: "open_queue", execution_time: "" }, "execution_time", M.timeRequired],
      ];
      for (const [json, field, msg] of cases) {
        const response = await create(json);
        expect(response.status).toBe(422);
        expect(firstMessage(response)).toMatchObject({ loc: ["body", field], msg });
      }
    });

    it("names the choices for an unknown type, action, time zone or day, and a bad time or date", async () => {
      const base = { name: "x", schedule_type: "daily", action: "open_queue", execution_time: "19:00" };
      const cases: [object, string, string][] = [
        [{ schedule_type: "monthly" }, "schedule_type", "Schedule type must be one of once, daily, weekly"],
        [{ action: "launch_rockets" }, "action", "Action must be one of open_queue, close_queue, clear_queue, open_submissions, close_submissions"],
        [{ timezone: "Mars/Olympus_Mons" }, "timezone", M.timezoneUnknown],
        [{ schedule_type: "weekly", weekdays: ["someday"] }, "weekdays", M.weekdayUnknown],
        [{ execution_time: "7pm" }, "execution_time", "Time must be HH:MM (24-hour clock)"],
        [{ execution_time: "24:00" }, "execution_time", M.timeFormat],
        [{ start_date: "2026-02-30" }, "start_date", "Dates must be written YYYY-MM-DD"],
        [{ start_date: "2026-12-10", end_date: "2026-12-01" }, "end_date", "The end date cannot be before the start date"],
      ];
      expect(M.timezoneUnknown).toContain("America/New_York, America/Chicago");
      for (const [change, field, msg] of cases) {
        const response = await create({ ...base, ...change });
        expect(response.status).toBe(422);
        expect(firstMessage(response).loc[1]).toBe(field);
        expect(firstMessage(response).msg).toBe(msg);
      }
    });

    it("refuses a one-time schedule dated before today in its zone, and accepts today", async () => {
      const once = { name: "x", schedule_type: "once", action: "open_queue", execution_time: "23:00" };
      const past = await create({ ...once, start_date: "2026-11-21" });
      expect(past.status).toBe(422);
      expect(firstMessage(past)).toMatchObject({ loc: ["body", "start_date"], msg: "The date of a one-time schedule cannot be in the past" });
      expect((await create({ ...once, start_date: "2026-11-22" })).status).toBe(201);
    });

    it("refuses a one-time schedule set for today at a time already gone, instead of keeping one that never runs", async () => {
      // 17:00 UTC is noon in New York, the default zone.
      const gone = await create({ name: "Morning", schedule_type: "once", action: "open_queue", execution_time: "09:00" });
      expect(gone.status).toBe(422);
      expect(firstMessage(gone)).toMatchObject({
        loc: ["body", "execution_time"],
        msg: "The time of a one-time schedule set for today has already passed: choose a later time or another day",
      });
      expect((await http.get("scheduler/schedules", { token: token() })).body).toMatchObject({ total_schedules: 0 });
    });

    it("keeps schedules to admins, and changes to active ones", async () => {
      const valid = { name: "x", schedule_type: "daily", action: "open_queue", execution_time: "19:00" };
      expect((await http.get("scheduler/schedules")).status).toBe(401);
      expect((await http.get("scheduler/status")).status).toBe(401);
      expect((await http.post("scheduler/schedules", { json: valid })).status).toBe(401);
      const inactive = await createTestAdmin(server.deps, { active: false });
      expect((await http.get("scheduler/schedules", { token: inactive.accessToken })).status).toBe(200);
      const refused = await create(valid, inactive.accessToken);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: "Admin account is not active. Please contact a super admin to activate your account." });
      const toggled = await http.post("scheduler/queue/toggle", { token: inactive.accessToken, json: { action: "open_queue" } });
      expect(toggled.status).toBe(403);
    });

    it("answers 404 with a detail for a schedule that does not exist", async () => {
      for (const response of [
        await http.put("scheduler/schedules/nope", { token: token(), json: { name: "y" } }),
        await http.delete("scheduler/schedules/nope", { token: token() }),
        await http.post("scheduler/schedules/execute", { token: token(), json: { schedule_id: "nope" } }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: "Schedule not found" });
      }
    });
  });

  describe("changing", () => {
    it("edits a schedule, checking the whole result, and keeps its due time when only the name changes", async () => {
      const created = (await create({ name: "Open", schedule_type: "daily", action: "open_queue", execution_time: "19:00" })).body;
      const path = `scheduler/schedules/${created.schedule_id}`;
      const renamed = await http.put(path, { token: token(), json: { name: "Open early", description: "Doors" } });
      expect(renamed.body).toMatchObject({ name: "Open early", description: "Doors", next_execution: created.next_execution });

      const weeklyWithoutDays = await http.put(path, { token: token(), json: { schedule_type: "weekly" } });
      expect(weeklyWithoutDays.status).toBe(422);
      expect(firstMessage(weeklyWithoutDays).msg).toBe(M.weekdaysRequired);

      const moved = await http.put(path, { token: token(), json: { execution_time: "08:15", timezone: "UTC" } });
      expect(moved.body).toMatchObject({ execution_time: "08:15", timezone: "UTC", next_execution: "2026-11-23T08:15:00.000Z" });
    });

    it("pauses a schedule so it has no next execution, and resumes it from now", async () => {
      const created = (await create({ name: "Open", schedule_type: "daily", action: "open_queue", execution_time: "19:00" })).body;
      const path = `scheduler/schedules/${created.schedule_id}`;
      const paused = await http.put(path, { token: token(), json: { is_active: false } });
      expect(paused.body).toMatchObject({ is_active: false, next_execution: null });

      await moveClockTo("2026-11-25T03:00:00.000Z");
      expect(await (await http.post("scheduler/schedules/execute", { token: token() })).body).toEqual({ executed_count: 0 });
      const resumed = await http.put(path, { token: token(), json: { is_active: true } });
      expect(resumed.body).toMatchObject({ is_active: true, next_execution: "2026-11-26T00:00:00.000Z", execution_count: 0 });
    });

    it("lets a one-time schedule whose time has passed be edited, paused and deleted, and says why it cannot be resumed", async () => {
      const form = {
        name: "Tonight",
        description: null,
        schedule_type: "once",
        action: "open_queue",
        execution_time: "23:00",
        timezone: "America/New_York",
        start_date: "2026-11-22",
        is_active: true,
      };
      const created = (await create(form)).body;
      const path = `scheduler/schedules/${created.schedule_id}`;
      await moveClockTo("2026-11-24T17:00:00.000Z");

      const renamed = await http.put(path, { token: token(), json: { ...form, name: "Last Sunday" } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: "Last Sunday", start_date: "2026-11-22" });
      const paused = await http.put(path, { token: token(), json: { ...form, name: "Last Sunday", is_active: false } });
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ is_active: false, next_execution: null });
      const resumed = await http.put(path, { token: token(), json: { is_active: true } });
      expect(resumed.status).toBe(422);
      expect(firstMessage(resumed)).toMatchObject({ loc: ["body", "start_date"], msg: "The date of a one-time schedule cannot be in the past" });
      expect((await http.delete(path, { token: token() })).status).toBe(200);
    });

    it("deletes a schedule", async () => {
      const created = (await create({ name: "Gone", schedule_type: "daily", action: "open_queue", execution_time: "19:00" })).body;
      const response = await http.delete(`scheduler/schedules/${created.schedule_id}`, { token: token() });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect((await http.get("scheduler/schedules", { token: token() })).body).toEqual({ schedules: [], total_schedules: 0 });
    });
  });

  describe("running", () => {
    it("runs the schedules that are due when asked, tells every socket, and records the run", async () => {
      const created = (await create({ name: "Open", schedule_type: "daily", action: "open_queue", execution_time: "19:00" })).body;
      expect((await http.post("scheduler/schedules/execute", { token: token() })).body).toEqual({ executed_count: 0 });

      await moveClockTo("2026-11-23T00:00:05.000Z");
      const executed = await http.post("scheduler/schedules/execute", { token: token() });
      expect(executed.body).toEqual({ executed_count: 1 });
      expect(await viewer.next("system_message", (m) => m.message === "Queue is now OPEN")).toBeTruthy();
      expect((await http.post("scheduler/schedules/execute", { token: token() })).body).toEqual({ executed_count: 0 });

      const [listed] = (await http.get("scheduler/schedules", { token: token() })).body.schedules;
      expect(listed).toMatchObject({ execution_count: 1, next_execution: "2026-11-24T00:00:00.000Z" });
      expect(listed.last_run).toMatchObject({ status: "ok", trigger: "scheduled", detail: "Queue opened", due_at: "2026-11-23T00:00:00.000Z" });
      const runs = await http.get(`scheduler/runs?schedule_id=${created.schedule_id}`, { token: token() });
      expect(runs.body.runs).toEqual([expect.objectContaining({ schedule_name: "Open", action: "open_queue", status: "ok" })]);
    });

    it("runs one schedule at once with its id, paused or not, without moving its due time", async () => {
      await resetQueue(server.deps);
      await makeSubmission(server.deps, { status: "waiting" });
      await makeSubmission(server.deps, { status: "on_hold" });
      const created = (await create({ name: "Clear", schedule_type: "daily", action: "clear_queue", execution_time: "03:00", is_active: false })).body;
      const executed = await http.post("scheduler/schedules/execute", { token: token(), json: { schedule_id: created.schedule_id } });
      expect(executed.body).toEqual({ executed_count: 1 });
      const [listed] = (await http.get("scheduler/schedules", { token: token() })).body.schedules;
      expect(listed).toMatchObject({ is_active: false, next_execution: null, execution_count: 1 });
      expect(listed.last_run).toMatchObject({ trigger: "manual", status: "ok", detail: "Cleared 1 waiting and 1 on hold" });
      const status = await http.get("scheduler/status", { token: token() });
      expect(status.body).toMatchObject({ current_queue_size: 0, active_queue_size: 0 });
    });
  });

  describe("status and the manual switch", () => {
    it("reports the queue, its sizes and the next scheduled action", async () => {
      await resetQueue(server.deps);
      await makeSubmission(server.deps, { status: "waiting" });
      await makeSubmission(server.deps, { status: "waiting" });
      await makeSubmission(server.deps, { status: "active" });
      await create({ name: "Later", schedule_type: "daily", action: "close_queue", execution_time: "23:00" });
      const soon = (await create({ name: "Sooner", schedule_type: "daily", action: "open_submissions", execution_time: "18:00" })).body;
      const status = await http.get("scheduler/status", { token: token() });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({
        is_queue_open: false,
        is_submissions_open: true,
        current_queue_size: 2,
        active_queue_size: 1,
        next_scheduled_action: {
          schedule_id: soon.schedule_id,
          name: "Sooner",
          action: "open_submissions",
          next_execution: "2026-11-22T23:00:00.000Z",
          timezone: "America/New_York",
        },
      });
    });

    it("opens and closes the queue by hand, as a settings change every socket sees", async () => {
      const opened = await http.post("scheduler/queue/toggle", { token: token(), json: { action: "open_queue" } });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ is_queue_open: true });
      expect(await viewer.next("settings_update", (m) => m.setting_name === "isQueueOn" && m.setting_value === "true")).toBeTruthy();
      const closed = await http.post("scheduler/queue/toggle", { token: token(), json: { action: "close_queue" } });
      expect(closed.body).toMatchObject({ is_queue_open: false });
      expect((await http.get("set/isQueueOn")).body.state).toBe("false");

      const wrong = await http.post("scheduler/queue/toggle", { token: token(), json: { action: "clear_queue" } });
      expect(wrong.status).toBe(422);
      expect(firstMessage(wrong)).toMatchObject({ loc: ["body", "action"], msg: "Action must be open_queue or close_queue" });
    });
  });
});
