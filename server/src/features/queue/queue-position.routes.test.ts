import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient, rawGet } from "../../test/http";
import { makeSubmission, resetQueue, TEST_SYSTEM } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";

// Time stands still unless a test moves it, so a wait estimate never straddles a minute by a few ms.
const clock = createFakeClock();
const ago = (seconds: number) => new Date(clock.now().getTime() - seconds * 1000).toISOString();

describeEachDatabase("queue: lists, positions and the overview", (dialect) => {
  let server: TestApp;
  let client: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestApp(dialect, { clock, env: { RATE_LIMIT_API_MAX: "100000" } });
    client = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const ids = (list: { id: string }[]) => list.map((e) => e.id);

  describe("lists", () => {
    it("answers 200 with [] for every empty list", async () => {
      for (const path of ["queuer/queue", "queuer/on-hold", "active-queuer/queue"]) {
        const response = await client.get(path);
        expect(response.status).toBe(200);
        expect(response.body).toEqual([]);
      }
    });

    it("orders Waiting and On Hold by tier, then by submission time; Now Playing by when each started", async () => {
      const regularEarly = await makeSubmission(server.deps);
      const vip = await makeSubmission(server.deps, { priority_level: 2 });
      const regularLate = await makeSubmission(server.deps);
      const superVip = await makeSubmission(server.deps, { priority_level: 3 });
      const heldLate = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
      const heldPremium = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "inactivity", priority_level: 1 });
      const second = await makeSubmission(server.deps, { status: "active", activated_at: ago(10) });
      const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(100) });

      expect(ids((await client.get("queuer/queue")).body)).toEqual([superVip.row.id, vip.row.id, regularEarly.row.id, regularLate.row.id]);
      expect(ids((await client.get("queuer/on-hold")).body)).toEqual([heldPremium.row.id, heldLate.row.id]);
      const active = (await client.get("active-queuer/queue")).body;
      expect(ids(active)).toEqual([current.row.id, second.row.id]);
      expect(active[0]).toMatchObject({ status: "active", on_hold: false });
      expect((await client.get("queuer/on-hold")).body[0]).toMatchObject({ status: "on_hold", on_hold: true });
    });

    it("never shows played or removed entries", async () => {
      await makeSubmission(server.deps, { status: "played", activated_at: ago(300), played_at: ago(60) });
      await makeSubmission(server.deps, { status: "removed", removed_at: ago(60) });
      const live = await makeSubmission(server.deps);
      expect(ids((await client.get("queuer/queue")).body)).toEqual([live.row.id]);
      expect((await client.get("active-queuer/queue")).body).toEqual([]);
    });

    it("answers 304 to a client that already holds the list, and a new version after a change", async () => {
      await makeSubmission(server.deps);
      const first = await client.get("queuer/queue");
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^".+"$/);
      const unchanged = await client.get("queuer/queue", { headers: { "If-None-Match": etag } });
      expect(unchanged.status).toBe(304);

      const added = await makeSubmission(server.deps);
      const changed = await client.get("queuer/queue", { headers: { "If-None-Match": etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      expect(ids(changed.body)).toContain(added.row.id);
      // A change to another list leaves this list's version as it was.
      const sameEtag = changed.headers.get("etag")!;
      await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
      expect((await client.get("queuer/queue", { headers: { "If-None-Match": sameEtag } })).status).toBe(304);
    });

    it("sends a long list gzip-compressed to a client that accepts it, and plain to one that does not", async () => {
      for (let i = 0; i < 15; i += 1) await makeSubmission(server.deps);
      const url = `${server.baseUrl}/queuer/queue`;
      const zipped = await rawGet(url, { "accept-encoding": "gzip, deflate" });
      expect(zipped.status).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      const list = JSON.parse(gunzipSync(zipped.body).toString("utf8"));
      expect(list).toHaveLength(15);

      const plain = await rawGet(url, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(plain.body.toString("utf8"))).toEqual(list);
      expect(plain.headers.etag).toBe(zipped.headers.etag);
    });
  });

  describe("position", () => {
    it("gives each waiting submitter their rank and a wait counting the rest of the current song", async () => {
      await makeSubmission(server.deps, { status: "active", activated_at: ago(60) });
      const first = await makeSubmission(server.deps);
      const second = await makeSubmission(server.deps);
      const response = await client.get(`queue-position/position/${first.row.user_id}`);
      expect(response.status).toBe(200);
      // No play history yet: 4 minutes a song, 1 minute of the current one already played.
      expect(response.body).toEqual({
        status: "waiting",
        position: 1,
        message: "You're #1 in the queue",
        estimated_wait: 3,
        total_ahead: 0,
        total_in_queue: 2,
      });
      expect((await client.get(`queue-position/position/${second.row.user_id}`)).body).toMatchObject({ position: 2, estimated_wait: 7, total_ahead: 1 });
    });

    it("learns the song length from the last plays, even after the admin clears the played list", async () => {
      for (let i = 0; i < 3; i += 1) await makeSubmission(server.deps, { status: "played", activated_at: ago(1000 + 120), played_at: ago(1000) });
      const first = await makeSubmission(server.deps);
      const second = await makeSubmission(server.deps);
      expect((await client.get(`queue-position/position/${second.row.user_id}`)).body).toMatchObject({ position: 2, estimated_wait: 2 });
      await server.deps.services.queue.admin.clearPlayedList(TEST_SYSTEM);
      expect((await client.get(`queue-position/position/${second.row.user_id}`)).body.estimated_wait).toBe(2);
      expect((await client.get(`queue-position/position/${first.row.user_id}`)).body.estimated_wait).toBe(0);
    });

    it("moves everyone up when an entry ahead leaves", async () => {
      const first = await makeSubmission(server.deps);
      const second = await makeSubmission(server.deps);
      expect((await client.get(`queue-position/position/${second.row.user_id}`)).body.position).toBe(2);
      await client.delete(`queuer/${first.row.user_id}`, { headers: { "X-Guest-Secret": first.guestSecret! } });
      expect((await client.get(`queue-position/position/${second.row.user_id}`)).body).toMatchObject({ position: 1, total_in_queue: 1 });
    });

    it("answers on hold without a position, Now Playing as active, and 404 for someone not in the queue", async () => {
      const held = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
      const playing = await makeSubmission(server.deps, { status: "active", activated_at: ago(5) });
      expect((await client.get(`queue-position/position/${held.row.user_id}`)).body).toMatchObject({ status: "on_hold", position: null, estimated_wait: null });
      expect((await client.get(`queue-position/position/${playing.row.user_id}`)).body).toMatchObject({ status: "active", position: null, estimated_wait: 0 });
      const missing = await client.get("queue-position/position/someone-else");
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: "Not in queue" });
    });
  });

  describe("overview", () => {
    it("counts the lists, names the current song and reports the queue status", async () => {
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
      const empty = (await client.get("queue-position/overview")).body;
      expect(empty).toMatchObject({ total_submissions: 0, queue_status: "closed", is_queue_open: false, now_playing: null });

      await makeSubmission(server.deps);
      await makeSubmission(server.deps);
      await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
      await makeSubmission(server.deps, { status: "active", activated_at: ago(5), artist_name: "Now", track_title: "Playing", username: "dj" });
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
      await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "true");
      await server.deps.services.settings.set(TEST_SYSTEM, "nextStreamStartAt", "2030-05-01T20:00:00.000Z");
      expect((await client.get("queue-position/overview")).body).toEqual({
        total_submissions: 4,
        active_queue: 1,
        waiting_queue: 2,
        hold_queue: 1,
        queue_status: "open",
        is_queue_open: true,
        next_stream_start_at: "2030-05-01T20:00:00.000Z",
        now_playing: { artist_name: "Now", track_title: "Playing", username: "dj" },
      });

      await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "false");
      expect((await client.get("queue-position/overview")).body.queue_status).toBe("busy");
    });
  });
});
