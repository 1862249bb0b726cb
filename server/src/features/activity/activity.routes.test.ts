import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { type MadeSubmission, makeAdmin, makeSubmission, makeUserToken, resetQueue, TEST_SYSTEM } from "../../test/factories";
import { jobs } from "../jobs";
import { holdInactiveEntries } from "./hold-inactive-entries.job";

const MINUTE = 60_000;

describeEachDatabase("activity and inactivity holds", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const minutesAgo = (minutes: number) => new Date(now - minutes * MINUTE).toISOString();
  const runJob = () => holdInactiveEntries.run(server.deps);
  const ids = async (path: string) => ((await http.get(path)).body as { id: string }[]).map((e) => e.id);

  beforeAll(async () => {
    ({ server, http } = await startRouteTestApp(dialect, { clock, env: { RATE_LIMIT_API_MAX: "100000" } }));
  });
  afterAll(() => server.close());
  /** The guest's own secret: what makes a call that guest's sign of life. */
  const proof = (made: MadeSubmission) => ({ headers: { "X-Guest-Secret": made.guestSecret! } });
  beforeEach(async () => {
    now += 24 * 60 * MINUTE;
    await resetQueue(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    await server.deps.services.settings.set(TEST_SYSTEM, "inactivityTimeoutMinutes", "60");
  });

  it("runs every 30 seconds as a registered job", () => {
    expect(jobs).toContain(holdInactiveEntries);
    expect(holdInactiveEntries.everyMs).toBe(30_000);
  });

  it("holds waiting entries of submitters silent past the timeout, and no one else", async () => {
    const silent = await makeSubmission(server.deps, { submitted_at: minutesAgo(61) });
    const recent = await makeSubmission(server.deps, { submitted_at: minutesAgo(30) });
    const checkedIn = await makeSubmission(server.deps, { submitted_at: minutesAgo(90) });
    const linked = await makeSubmission(server.deps, { submitted_at: minutesAgo(89), owner_id: "account-1" });
    const playing = await makeSubmission(server.deps, { submitted_at: minutesAgo(90), status: "active", activated_at: minutesAgo(2) });
    now -= 5 * MINUTE;
    expect((await http.post(`queue-position/activity/${checkedIn.row.user_id}?activity_type=page_visit:queue`, proof(checkedIn))).body).toEqual({ ok: true });
    await http.post("queue-position/activity/account-1?activity_type=interaction", { token: await makeUserToken(server.deps, "account-1") });
    now += 5 * MINUTE;

    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    await runJob();
    expect(await ids("queuer/on-hold")).toEqual([silent.row.id]);
    expect(await ids("queuer/queue")).toEqual([checkedIn.row.id, linked.row.id, recent.row.id]);
    expect(await ids("active-queuer/queue")).toEqual([playing.row.id]);
    expect(await viewer.next("queue_update", (m) => m.queue_type === "on_hold")).toMatchObject({ total_count: 1 });
    await viewer.close();

    // A full timeout later, everyone who has not checked in again is held, in queue order.
    now += 56 * MINUTE;
    await runJob();
    expect(await ids("queuer/on-hold")).toEqual([checkedIn.row.id, linked.row.id, silent.row.id, recent.row.id]);
    expect(await ids("queuer/queue")).toEqual([]);
  });

  it("holds no one while the queue is closed, and follows the timeout setting", async () => {
    const entry = await makeSubmission(server.deps, { submitted_at: minutesAgo(20) });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    await server.deps.services.settings.set(TEST_SYSTEM, "inactivityTimeoutMinutes", "10");
    await runJob();
    expect(await ids("queuer/queue")).toEqual([entry.row.id]);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    await runJob();
    expect(await ids("queuer/on-hold")).toEqual([entry.row.id]);
  });

  it("puts a held submitter back in their original place when they check in, and tells them", async () => {
    const first = await makeSubmission(server.deps, { submitted_at: minutesAgo(70) });
    const second = await makeSubmission(server.deps, { submitted_at: minutesAgo(30) });
    await runJob();
    expect(await ids("queuer/queue")).toEqual([second.row.id]);

    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${first.row.user_id}&guest_secret=${first.guestSecret}`);
    // Opening a tagged socket with the submitter's secret is itself a sign of life.
    const released = await submitter.next("released_from_hold");
    expect(released).toMatchObject({ artist_name: first.row.artist_name, track_title: first.row.track_title, message: "Welcome back! Your submission is back in the queue." });
    expect(Date.parse(released.released_at)).toBe(now);
    expect(await ids("queuer/queue")).toEqual([first.row.id, second.row.id]);
    expect(await ids("queuer/on-hold")).toEqual([]);
    await submitter.close();
  });

  it("counts an activity call and a position lookup as checking in", async () => {
    const byCall = await makeSubmission(server.deps, { submitted_at: minutesAgo(70) });
    const byPosition = await makeSubmission(server.deps, { submitted_at: minutesAgo(65) });
    await runJob();
    await http.post(`queue-position/activity/${byCall.row.user_id}`, proof(byCall));
    expect(await ids("queuer/queue")).toEqual([byCall.row.id]);
    const position = await http.get(`queue-position/position/${byPosition.row.user_id}`, proof(byPosition));
    expect(position.body).toMatchObject({ status: "waiting", position: 2 });

    // Having checked in, neither is held again until another full timeout of silence.
    now += 59 * MINUTE;
    await runJob();
    expect(await ids("queuer/queue")).toEqual([byCall.row.id, byPosition.row.id]);
  });

  it("lets nobody else check in for a submitter who knows only their public id", async () => {
    const held = await makeSubmission(server.deps, { submitted_at: minutesAgo(70) });
    await runJob();
    const checkIn = await http.post(`queue-position/activity/${held.row.user_id}`);
    expect(checkIn.status).toBe(403);
    expect(checkIn.body).toEqual({ detail: "Only the submitter can check in for this submission" });
    const forged = await http.post(`queue-position/activity/${held.row.user_id}`, { headers: { "X-Guest-Secret": "guessed" } });
    expect(forged.status).toBe(401);
    expect((await http.post(`queue-position/activity/${held.row.user_id}`, { token: await makeUserToken(server.deps) })).status).toBe(403);
    expect((await http.get(`queue-position/position/${held.row.user_id}`)).body).toMatchObject({ status: "on_hold" });
    const stranger = await connectSocket(`${server.wsUrl}/ws/public?user_id=${held.row.user_id}`);
    await stranger.next("connection_established");
    stranger.send({ type: "request_position", user_id: held.row.user_id });
    await stranger.next("position_update");
    await stranger.expectNone("released_from_hold");
    expect(await ids("queuer/on-hold")).toEqual([held.row.id]);
    await stranger.close();
  });

  it("counts a socket tagged with the submitter and their secret as a sign of life", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps, { submitted_at: minutesAgo(50) });
    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${row.user_id}&guest_secret=${guestSecret}`);
    await submitter.next("connection_established");
    now += 20 * MINUTE;
    await runJob();
    expect(await ids("queuer/queue")).toEqual([row.id]);
    await submitter.close();
  });

  it("keeps no activity record for position lookups of ids that are not in the queue", async () => {
    expect((await http.get("queue-position/position/guest_made_up")).status).toBe(404);
    const rows = await server.deps.db.selectFrom("activity").selectAll().where("user_id", "=", "guest_made_up").execute();
    expect(rows).toEqual([]);
  });

  it("never holds an entry an admin added, since nobody is there to check in", async () => {
    const added = await makeSubmission(server.deps, { submitted_at: minutesAgo(120), created_by_admin: 1 });
    await runJob();
    expect(await ids("queuer/queue")).toEqual([added.row.id]);
  });

  it("leaves an admin's hold alone when the submitter checks in", async () => {
    const made = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    const { row } = made;
    expect((await http.post(`queue-position/activity/${row.user_id}`, proof(made))).status).toBe(200);
    expect((await http.get(`queue-position/position/${row.user_id}`)).body.status).toBe("on_hold");
    expect(await ids("queuer/on-hold")).toEqual([row.id]);
  });

  it("gives an entry an admin released a fresh timeout", async () => {
    const { row } = await makeSubmission(server.deps, { submitted_at: minutesAgo(70) });
    await runJob();
    const { accessToken } = await makeAdmin(server.deps);
    expect((await http.post(`queuer/release/${row.user_id}`, { token: accessToken })).status).toBe(200);
    await runJob();
    expect(await ids("queuer/queue")).toEqual([row.id]);
  });

  it("refuses an activity call with an id or type that is far too long", async () => {
    expect((await http.post(`queue-position/activity/${"x".repeat(300)}`)).status).toBe(422);
    const longType = await http.post(`queue-position/activity/guest_abc?activity_type=${"t".repeat(200)}`);
    expect(longType.status).toBe(422);
    expect(longType.body.detail[0].loc).toEqual(["query", "activity_type"]);
  });

  it("writes no sign of life for a position lookup by an entry's own id, which is not a submitter", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    expect((await http.get(`queue-position/position/${row.id}`, { headers: { "X-Guest-Secret": guestSecret! } })).status).toBe(404);
    await server.deps.services.activity.flush();
    expect(await server.deps.db.selectFrom("activity").selectAll().where("user_id", "=", row.id).execute()).toEqual([]);
  });
});
