import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeSubmission, makeUserToken, resetQueue } from "../../test/factories";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describeEachDatabase("priority analytics and the admin socket", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;

  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  it("answers only admins", async () => {
    expect((await http.get("priority/analytics")).status).toBe(401);
    expect((await http.get("priority/analytics", { token: await makeUserToken(server.deps) })).status).toBe(401);
  });

  it("gives zeros and no average wait before anything happened", async () => {
    expect((await http.get("priority/analytics", { token })).body).toEqual({
      total_priority_users: 0,
      premium_users: 0,
      vip_users: 0,
      super_vip_users: 0,
      payment_sources: [],
      avg_wait_time: null,
      priority_played: 0,
      regular_played: 0,
    });
  });

  it("counts the tiers and payment sources of the live queue, and the waits and plays of every played song", async () => {
    await makeSubmission(server.deps, { priority_level: 1, payment_source: "patreon" });
    await makeSubmission(server.deps, { priority_level: 1, payment_source: "superchat", status: "on_hold" });
    await makeSubmission(server.deps, { priority_level: 2, payment_source: "patreon", status: "active" });
    await makeSubmission(server.deps, { priority_level: 3 });
    await makeSubmission(server.deps, { priority_level: 0 });
    // History: a removed priority entry is not in the queue; played ones count in plays and waits.
    await makeSubmission(server.deps, { priority_level: 3, payment_source: "cashapp", status: "removed" });
    await makeSubmission(server.deps, { priority_level: 2, status: "played", submitted_at: ago(600), played_at: ago(300) });
    await makeSubmission(server.deps, { priority_level: 0, status: "played", submitted_at: ago(1200), played_at: ago(300), played_list_cleared: 1 });
    await makeSubmission(server.deps, { priority_level: 0, status: "played", submitted_at: ago(400), played_at: ago(100) });

    expect((await http.get("priority/analytics", { token })).body).toEqual({
      total_priority_users: 4,
      premium_users: 2,
      vip_users: 1,
      super_vip_users: 1,
      payment_sources: [
        { source: "patreon", count: 2 },
        { source: "superchat", count: 1 },
      ],
      avg_wait_time: 500,
      priority_played: 1,
      regular_played: 2,
    });
  });

  it("tells the admin socket when a song is played", async () => {
    const { row } = await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString() });
    const admin = await connectSocket(`${server.wsUrl}/ws/admin?token=${token}`);
    await admin.next("connection_established");
    expect((await http.delete(`active-queuer/${row.user_id}?is_played=true`, { token })).status).toBe(200);
    expect(await admin.next("submission_played")).toEqual({
      type: "submission_played",
      artist_name: row.artist_name,
      track_title: row.track_title,
      played_at: expect.any(String),
    });
    await admin.close();
  });
});
