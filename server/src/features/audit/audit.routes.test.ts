import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_LIMIT_INVALID, AUDIT_MESSAGES, type AuditRecord } from "@common/audit";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { makeAdmin, makeSubmission, makeUserToken, resetQueue } from "../../test/factories";
import type { TestAdmin } from "../../test/admins";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describeEachDatabase("audit: who did what in the back-office", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let host: TestAdmin;
  let moderator: TestAdmin;
  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    host = await makeAdmin(server.deps);
    moderator = await makeAdmin(server.deps);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("audit_log").execute();
  });

  const token = () => host.accessToken;
  const log = async (query = ""): Promise<AuditRecord[]> => {
    const response = await http.get(`audit/admin${query}`, { token: token() });
    expect(response.status).toBe(200);
    return response.body.records;
  };

  it("records every admin action with who, what, which entry, when and the reason", async () => {
    const before = Date.now() - 1000;
    const a = await makeSubmission(server.deps);
    const b = await makeSubmission(server.deps);
    const t = { token: token() };
    const added = await http.post("admin-post/", { ...t, json: { artist_name: "Ann", track_title: "Song", link: "https://example.com/a" } });
    await http.put(`queuer/${a.row.id}/admin`, { ...t, json: { track_title: "Renamed" } });
    await http.put(`queuer/${a.row.id}/admin`, { ...t, json: { on_hold: true } });
    await http.post(`queuer/release/${a.row.id}`, t);
    await http.put(`priority/user/${b.row.id}`, { ...t, json: { priority_level: 2, payment_source: "patreon", payment_reference: "PAT-42", reason: "monthly supporter" } });
    await http.get(`move/${a.row.id}`, t);
    await http.post(`move/back/${a.row.id}`, t);
    await http.get(`move/${a.row.id}`, t);
    await http.delete(`active-queuer/${a.row.id}?is_played=true`, t);
    await http.delete(`queuer/${b.row.id}/admin`, t);
    await http.post("active-queuer/play-next", { ...t, json: { current_id: null } });
    await http.delete("active-queuer/queue/admin", t);
    await http.delete("submission-played/queue/admin", t);
    await http.put("set/isQueueOn", { ...t, json: { state: "true" } });
    await http.put("set/isSubmissionsOpen", { token: moderator.accessToken, json: { state: "false" } });
    await http.delete("set/nextStreamStartAt", t);

    const records = await log("?limit=200");
    expect(records.map((r) => r.action).reverse()).toEqual([
      "entry.added",
      "entry.edited",
      "entry.held",
      "entry.released",
      "entry.priority_set",
      "entry.moved_to_now_playing",
      "entry.moved_back",
      "entry.moved_to_now_playing",
      "entry.played",
      "entry.removed",
      "queue.play_next",
      "queue.cleared",
      "played_list.cleared",
      "setting.changed",
      "setting.changed",
      "setting.changed",
    ]);
    const priority = records.find((r) => r.action === "entry.priority_set")!;
    expect(priority).toMatchObject({
      actor_kind: "admin",
      actor_id: host.admin.admin_id,
      actor_name: host.admin.username,
      entry_id: b.row.id,
      submitter_id: b.row.user_id,
      entry_label: `${b.row.track_title} by ${b.row.artist_name}`,
      reason: "monthly supporter",
      details: { priority_level: 2, payment_source: "patreon", payment_reference: "PAT-42" },
    });
    expect(Date.parse(priority.at)).toBeGreaterThan(before);
    expect(records.find((r) => r.action === "entry.added")!.entry_id).toBe(added.body.queuer.id);
    expect(records.find((r) => r.action === "entry.played")).toMatchObject({ entry_id: a.row.id, details: { from: "active", to: "played" } });
    expect(records.find((r) => r.action === "queue.cleared")!.details).toMatchObject({ queue_type: "active", removed_count: 1 });
    expect(records.find((r) => r.action === "setting.changed" && r.actor_name === moderator.admin.username)!.details).toEqual({
      name: "isSubmissionsOpen",
      from: "true",
      to: "false",
    });
  });

  it("records nothing for a refused change", async () => {
    const { row } = await makeSubmission(server.deps);
    expect((await http.post(`queuer/release/${row.id}`, { token: token() })).status).toBe(409);
    const inactive = await makeAdmin(server.deps, { active: false });
    expect((await http.get(`move/${row.id}`, { token: inactive.accessToken })).status).toBe(403);
    expect(await log()).toEqual([]);
  });

  it("filters by action, admin and entry, and pages newest first", async () => {
    const a = await makeSubmission(server.deps);
    const b = await makeSubmission(server.deps, { status: "active", activated_at: ago(30) });
    await http.put(`queuer/${a.row.id}/admin`, { token: host.accessToken, json: { on_hold: true } });
    await http.post(`queuer/release/${a.row.id}`, { token: moderator.accessToken });
    await http.post(`move/back/${b.row.id}`, { token: host.accessToken });
    await http.put(`queuer/${a.row.id}/admin`, { token: moderator.accessToken, json: { on_hold: true } });

    expect((await log("?action=entry.held")).map((r) => r.actor_name)).toEqual([moderator.admin.username, host.admin.username]);
    expect((await log(`?admin=${moderator.admin.username}`)).map((r) => r.action)).toEqual(["entry.held", "entry.released"]);
    expect((await log(`?entry_id=${b.row.id}`)).map((r) => r.action)).toEqual(["entry.moved_back"]);
    expect((await log(`?entry_id=${a.row.user_id}`)).length).toBe(3);
    expect(await log("?action=queue.cleared")).toEqual([]);

    const first = await http.get("audit/admin?limit=3", { token: token() });
    expect(first.body.records).toHaveLength(3);
    expect(first.body.next_before).toBe(first.body.records[2].id);
    const second = await http.get(`audit/admin?limit=3&before=${first.body.next_before}`, { token: token() });
    expect(second.body.records).toHaveLength(1);
    expect(second.body.next_before).toBeNull();
    expect(second.body.records[0].action).toBe("entry.held");
    expect(second.body.records[0].actor_name).toBe(host.admin.username);
  });

  describe("bad input and access", () => {
    it("answers the limit's message for a bad limit and a 400 for an unknown page", async () => {
      for (const limit of ["0", "201", "abc", "1.5"]) {
        const response = await http.get(`audit/admin?limit=${limit}`, { token: token() });
        expect(response.status).toBe(422);
        expect(response.body.detail[0]).toMatchObject({ loc: ["query", "limit"], msg: AUDIT_LIMIT_INVALID });
      }
      const unknown = await http.get("audit/admin?before=no-such-record", { token: token() });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ detail: AUDIT_MESSAGES.unknownCursor });
      expect((await http.get(`audit/admin?action=${"x".repeat(201)}`, { token: token() })).status).toBe(422);
    });

    it("is for admins only; an inactive admin may read it", async () => {
      expect((await http.get("audit/admin")).status).toBe(401);
      expect((await http.get("audit/admin", { token: await makeUserToken(server.deps) })).status).toBe(401);
      const inactive = await makeAdmin(server.deps, { active: false });
      expect((await http.get("audit/admin", { token: inactive.accessToken })).status).toBe(200);
    });
  });
});
