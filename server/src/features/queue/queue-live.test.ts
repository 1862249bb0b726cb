import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, startRouteTestApp, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeSubmission, openEmptyQueue } from "../../test/factories";
import { createInProcessEventBus } from "../../events/domain-events";

const form = { artist_name: "Live", track_title: "Song", youtube_username: "Chan", username: "chan", link: "https://example.com/live", message: "hi" };

describeEachDatabase("queue: live updates", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  it("tells every viewer once per list that changed", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    const submitted = await http.post("queuer/", { json: form });
    expect(submitted.status).toBe(201);
    expect(await viewer.next("queue_update")).toMatchObject({ type: "queue_update", queue_type: "waiting", total_count: 1 });
    await viewer.expectNone("queue_update");

    await http.get(`move/${submitted.body.user.user_id}`, { token });
    expect(await viewer.next("queue_update")).toMatchObject({ type: "queue_update", queue_type: "waiting", total_count: 0 });
    expect(await viewer.next("queue_update")).toMatchObject({ type: "queue_update", queue_type: "active", total_count: 1 });
    await viewer.expectNone("queue_update");
    await viewer.close();
  });

  it("tells only the submitter that their song was played", async () => {
    const { row } = await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString() });
    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${row.user_id}`);
    const someoneElse = await connectSocket(`${server.wsUrl}/ws/public?user_id=guest_someone_else`);
    await Promise.all([submitter.next("connection_established"), someoneElse.next("connection_established")]);

    expect((await http.delete(`active-queuer/${row.user_id}?is_played=true`, { token })).status).toBe(200);
    expect(await submitter.next("submission_played")).toMatchObject({ artist_name: row.artist_name, track_title: row.track_title });
    await someoneElse.expectNone("submission_played");
    await Promise.all([submitter.close(), someoneElse.close()]);
  });

  it("tells a held submitter when an admin releases them", async () => {
    const { row } = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${row.user_id}`);
    await submitter.next("connection_established");
    await http.post(`queuer/release/${row.user_id}`, { token });
    expect(await submitter.next("released_from_hold")).toMatchObject({
      artist_name: row.artist_name,
      track_title: row.track_title,
      message: "Welcome back! Your submission is back in the queue.",
    });
    await submitter.close();
  });

  it("drops another instance's cached list when this one changes the queue", async () => {
    // Two instances on one database, joined by one bus as Redis joins them in production.
    const bus = createInProcessEventBus();
    const first = await startTestApp(dialect, { database: server.database, events: bus });
    const second = await startTestApp(dialect, { database: server.database, events: bus });
    const a = httpClient(first.baseUrl);
    const b = httpClient(second.baseUrl);
    expect((await b.get("queuer/queue")).body).toEqual([]);
    const before = await b.get("queue-position/overview");

    const submitted = await a.post("queuer/", { json: form });
    expect(submitted.status).toBe(201);
    expect((await b.get("queuer/queue")).body.map((e: { id: string }) => e.id)).toEqual([submitted.body.queuer.id]);
    expect((await b.get(`queue-position/position/${submitted.body.user.user_id}`)).body.position).toBe(1);
    expect((await b.get("queue-position/overview")).body.waiting_queue).toBe(before.body.waiting_queue + 1);
    await first.close();
    await second.close();
  });
});
