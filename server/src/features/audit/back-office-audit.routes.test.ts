import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { AuditRecord } from "@common/audit";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { makeAdmin, makeSubmission, TEST_SYSTEM } from "../../test/factories";
import { createTestUser } from "../../test/users";
import type { TestAdmin } from "../../test/admins";

describeEachDatabase("audit: sessions, schedules and Fast Pass grants", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let host: TestAdmin;
  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    host = await makeAdmin(server.deps);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.deps.db.deleteFrom("analytics_session_plays").execute();
    await server.deps.db.deleteFrom("analytics_sessions").execute();
    await server.deps.db.deleteFrom("audit_log").execute();
  });

  const as = (json?: unknown) => ({ token: host.accessToken, json });
  const log = async (): Promise<AuditRecord[]> => {
    const response = await http.get("audit/admin?limit=200", { token: host.accessToken });
    expect(response.status).toBe(200);
    return [...response.body.records].reverse();
  };

  it("records starting, saving and ending an analytics session", async () => {
    const started = await http.post("analytics/sessions/start", as({ name: "Friday show" }));
    expect(started.status).toBe(201);
    const id = started.body.session_id;
    const played = await makeSubmission(server.deps, { status: "played", played_at: new Date().toISOString() });
    expect((await http.post(`analytics/sessions/save/${id}`, as({ submissions_played: [played.row.id] }))).status).toBe(200);
    expect((await http.post(`analytics/sessions/end/${id}`, as())).status).toBe(200);
    // A refused end (already ended) leaves no record.
    expect((await http.post(`analytics/sessions/end/${id}`, as())).status).toBe(409);

    const records = await log();
    expect(records.map((r) => r.action)).toEqual(["session.started", "session.saved", "session.ended"]);
    expect(records[0]).toMatchObject({ actor_kind: "admin", actor_name: host.admin.username, details: { session_id: id, name: "Friday show" } });
    expect(records[1]!.details).toMatchObject({ session_id: id, added_plays: 1 });
  });

  it("records creating, changing, pausing, resuming, running and deleting a schedule, not the server's own runs", async () => {
    const created = await http.post("scheduler/schedules", as({ name: "Doors", schedule_type: "daily", action: "open_queue", execution_time: "19:00" }));
    expect(created.status).toBe(201);
    const path = `scheduler/schedules/${created.body.schedule_id}`;
    await http.put(path, as({ name: "Doors open" }));
    await http.put(path, as({ is_active: false }));
    await http.put(path, as({ is_active: true }));
    expect((await http.post("scheduler/schedules/execute", as({ schedule_id: created.body.schedule_id }))).body).toEqual({ executed_count: 1 });
    await server.deps.services.scheduler.execute(TEST_SYSTEM);
    await http.delete(path, { token: host.accessToken });

    const records = (await log()).filter((r) => r.action.startsWith("schedule."));
    expect(records.map((r) => r.action)).toEqual(["schedule.created", "schedule.updated", "schedule.paused", "schedule.resumed", "schedule.executed", "schedule.deleted"]);
    expect(records[1]!.details).toEqual({ schedule_id: created.body.schedule_id, name: "Doors open", fields: ["name"] });
    expect(records[4]!.details).toMatchObject({ schedule_id: created.body.schedule_id, ran: 1 });
    expect(records.every((r) => r.actor_name === host.admin.username)).toBe(true);
  });

  it("records a Fast Pass grant with the member, tier and count", async () => {
    const { user } = await createTestUser(server.deps);
    const grant = await http.post("fastpass/admin/grant", as({ user_id: user.user_id, source: "admin_grant", priority_level: 2, count: 3 }));
    expect(grant.status).toBe(200);
    expect((await http.post("fastpass/admin/grant", as({ user_id: "nobody", source: "admin_grant", priority_level: 2, count: 3 }))).status).toBe(404);

    const records = await log();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: "fastpass.granted",
      actor_name: host.admin.username,
      details: { user_id: user.user_id, priority_level: 2, count: 3, source: "admin_grant" },
    });
  });
});
