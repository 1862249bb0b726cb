import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { createFakeClock } from "../../test/fake-clock";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { createTestUser, type TestUser } from "../../test/users";
import { makeSubmission } from "../../test/factories";

describeEachDatabase("a member's stats and history follow the queue", (dialect) => {
  let server: TestApp;
  const clock = createFakeClock();
  let api: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  let member: TestUser;
  beforeAll(async () => {
    server = await startTestApp(dialect, { clock, env: { RATE_LIMIT_SUBMIT_MAX: "1000", RATE_LIMIT_API_MAX: "1000" } });
    api = httpClient(server.baseUrl);
    admin = await createTestAdmin(server.deps);
    member = await createTestUser(server.deps, { username: "stat_member" });
    expect((await api.put("set/isQueueOn", { token: admin.accessToken, json: { state: "true" } })).status).toBe(200);
  });
  afterAll(() => server.close());

  // Each submission a minute after the one before, so "newest first" has one answer.
  const submit = (track: string) => {
    clock.advance(60_000);
    return api.post("queuer/", {
      token: member.access_token,
      json: { artist_name: "Stat Artist", track_title: track, youtube_username: "StatTube", link: `https://example.com/${track}`, message: "hi" },
    });
  };
  const myStats = async () => (await api.get("user/me/stats", { token: member.access_token })).body;

  it("counts submissions, plays and the play rate as they happen, and keeps them after the played list is cleared", async () => {
    expect(await myStats()).toEqual({ total_submissions: 0, total_played: 0, submission_rate: 0, last_submission_at: null, is_new_user: true });

    const first = await submit("first-song");
    expect(first.status).toBe(201);
    const afterSubmit = await myStats();
    expect(afterSubmit).toMatchObject({ total_submissions: 1, total_played: 0, submission_rate: 0, is_new_user: false });
    expect(afterSubmit.last_submission_at).toBe(first.body.queuer.submitted_at);

    const userId = member.user.user_id;
    expect((await api.get(`move/${userId}`, { token: admin.accessToken })).status).toBe(200);
    expect((await api.delete(`active-queuer/${userId}?is_played=true`, { token: admin.accessToken })).status).toBe(200);
    expect(await myStats()).toMatchObject({ total_submissions: 1, total_played: 1, submission_rate: 1 });

    expect((await submit("second-song")).status).toBe(201);
    expect((await api.delete(`queuer/${userId}`, { token: member.access_token })).status).toBe(200);
    expect(await myStats()).toMatchObject({ total_submissions: 2, total_played: 1, submission_rate: 0.5 });

    expect((await api.delete("submission-played/queue/admin", { token: admin.accessToken })).status).toBe(200);
    expect((await api.get("submission-played/queue/admin", { token: admin.accessToken })).body).toEqual([]);
    expect(await myStats()).toMatchObject({ total_submissions: 2, total_played: 1, submission_rate: 0.5 });

    const publicStats = await api.get("user/stat_member/stats");
    expect(publicStats.body).toMatchObject({ total_submissions: 2, total_played: 1, submission_rate: 0.5 });
    const profile = await api.get("user/stat_member");
    expect(profile.body).toMatchObject({ total_submissions: 2, total_played: 1, submission_rate: 0.5, is_new_user: false });
  });

  it("lists the history newest first, with paging", async () => {
    const history = await api.get("user/me/history?limit=10&offset=0", { token: member.access_token });
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(2);
    expect(history.body.has_more).toBe(false);
    expect(history.body.submissions.map((s: { track_title: string; status: string }) => [s.track_title, s.status])).toEqual([
      ["second-song", "removed"],
      ["first-song", "played"],
    ]);
    expect(Object.keys(history.body.submissions[1]).sort()).toEqual(["artist_name", "id", "played_at", "score", "score_note", "status", "submitted_at", "track_title"]);
    expect(history.body.submissions[1].played_at).toEqual(expect.any(String));

    const page = await api.get("user/me/history?limit=1&offset=0", { token: member.access_token });
    expect(page.body).toMatchObject({ total: 2, has_more: true });
    expect(page.body.submissions).toHaveLength(1);
    const second = await api.get("user/me/history?limit=1&offset=1", { token: member.access_token });
    expect(second.body.has_more).toBe(false);
    expect(second.body.submissions[0].track_title).toBe("first-song");

    const publicHistory = await api.get("user/stat_member/history?limit=50");
    expect(publicHistory.body.submissions).toHaveLength(2);
    expect(JSON.stringify(publicHistory.body)).not.toContain("example.com/first-song");
  });

  it("needs a member token for the own stats and history", async () => {
    expect((await api.get("user/me/stats")).status).toBe(401);
    expect((await api.get("user/me/history")).status).toBe(401);
    expect((await api.get("user/me/history", { token: admin.accessToken })).status).toBe(401);
  });

  it("tells a new member from one with submissions, and one older than a week", async () => {
    const fresh = await createTestUser(server.deps);
    expect((await api.get("user/me", { token: fresh.access_token })).body.is_new_user).toBe(true);
    const weekOld = await createTestUser(server.deps);
    await server.deps.db
      .updateTable("users")
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString() })
      .where("id", "=", weekOld.user.user_id)
      .execute();
    expect((await api.get("user/me", { token: weekOld.access_token })).body.is_new_user).toBe(false);
    await makeSubmission(server.deps, { user_id: fresh.user.user_id, owner_id: fresh.user.user_id, status: "removed" });
    expect((await api.get("user/me", { token: fresh.access_token })).body).toMatchObject({ is_new_user: false, total_submissions: 1 });
  });

  it("takes last_active from the queue's activity calls", async () => {
    const before = (await api.get("user/me", { token: member.access_token })).body.last_active;
    clock.advance(60_000);
    expect((await api.post(`queue-position/activity/${member.user.user_id}?activity_type=page_visit:community`, { token: member.access_token })).status).toBe(200);
    const after = (await api.get("user/me", { token: member.access_token })).body.last_active;
    expect(after > before).toBe(true);
    expect((await api.get("user/stat_member")).body.last_active).toBe(after);
  });
});
