import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followListUpdate, type HeldList } from "@common/list-delta";
import type { QueueUpdateMessage } from "@common/live";
import type { Entry } from "@common/queue";
import { describeEachDatabase, startRouteTestApp, type TestApp, useTwoOpenInstances } from "../test/test-app";
import { httpClient, type HttpClient } from "../test/http";
import { connectSocket, type TestSocket } from "../test/live";
import { makeSubmission, openEmptyQueue } from "../test/factories";
import { versionOf } from "./list-publisher";

const form = (n: number) => ({
  artist_name: `Artist ${n}`,
  track_title: `Track ${n}`,
  youtube_username: `chan${n}`,
  username: `chan${n}`,
  link: `https://example.com/song-${n}`,
  message: "",
});

/**
 * A viewer that keeps the Waiting list as the web client does: from a GET (with its ETag), then from
 * each update it can apply, refetching (If-None-Match) only when it cannot.
 */
function waitingFollower(baseUrl: string) {
  let held: HeldList<Entry> | undefined;
  let refetches = 0;
  let applied = 0;
  async function fetchList(): Promise<void> {
    const headers: Record<string, string> = held?.version ? { "if-none-match": `"${held.version}"` } : {};
    const response = await fetch(`${baseUrl}/queuer/queue`, { headers });
    refetches += 1;
    if (response.status === 304) return;
    held = { entries: (await response.json()) as Entry[], version: versionOf(response.headers.get("etag") ?? "") };
  }
  return {
    fetchList,
    get held() {
      return held;
    },
    get refetches() {
      return refetches;
    },
    get applied() {
      return applied;
    },
    async follow(update: QueueUpdateMessage): Promise<void> {
      const outcome = followListUpdate(held, update);
      if (outcome.kind === "applied") {
        held = { entries: outcome.entries, version: outcome.version };
        applied += 1;
      } else if (outcome.kind === "refetch") {
        await fetchList();
      }
    },
  };
}

/** Takes the Waiting updates one by one until the server's list is reached. */
async function followUntil(socket: TestSocket, follower: ReturnType<typeof waitingFollower>, version: string): Promise<void> {
  while (follower.held?.version !== version) await follower.follow(await socket.next("queue_update", (m) => m.queue_type === "waiting"));
}

async function serverWaiting(baseUrl: string): Promise<{ entries: Entry[]; version: string }> {
  const response = await fetch(`${baseUrl}/queuer/queue`);
  return { entries: (await response.json()) as Entry[], version: versionOf(response.headers.get("etag") ?? "") };
}

describeEachDatabase("live lists: versions and changes over the socket", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  it("sends a new entry's public fields with the version it leads to, and the list it makes is the server's", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    const follower = waitingFollower(server.baseUrl);
    await follower.fetchList();

    const submitted = await http.post("queuer/", { json: form(1) });
    expect(submitted.status).toBe(201);
    const update = await viewer.next("queue_update", (m) => m.queue_type === "waiting");
    expect(update).toMatchObject({ queue_type: "waiting", total_count: 1, base_version: follower.held!.version, changes: { removed: [], moved: [] } });
    expect(update.changes!.added).toEqual([{ index: 0, entry: expect.objectContaining({ user_id: submitted.body.user.user_id, artist_name: "Artist 1" }) }]);

    await follower.follow(update);
    expect(follower.refetches).toBe(1);
    expect(follower.held).toEqual(await serverWaiting(server.baseUrl));
    await viewer.close();
  });

  it("names a removed entry by id and a moved one by its new place", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push((await http.post("queuer/", { json: form(n) })).body.user.user_id);
    await server.deps.lists.settled();
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    const follower = waitingFollower(server.baseUrl);
    await follower.fetchList();

    await http.get(`move/${ids[1]}`, { token });
    const removal = await viewer.next("queue_update", (m) => m.queue_type === "waiting");
    expect(removal.changes).toEqual({ added: [], removed: [expect.any(String)], moved: [] });
    await follower.follow(removal);

    expect((await http.put(`priority/user/${ids[2]}`, { token, json: { priority_level: 3 } })).status).toBeLessThan(300);
    const move = await viewer.next("queue_update", (m) => m.queue_type === "waiting");
    // The entry travels whole (its priority changed) at the head of the list; the other keeps its place.
    expect(move.changes!.added.map((a) => [a.index, a.entry.user_id])).toEqual([[0, ids[2]]]);
    await follower.follow(move);

    expect(follower.refetches).toBe(1);
    expect(follower.held).toEqual(await serverWaiting(server.baseUrl));
    await viewer.close();
  });

  it("sends one update per list for a burst of submissions", async () => {
    // A list long enough that no grouping of the burst names more entries than a refetch would cost,
    // however the builds happen to group it on a busy machine.
    for (let n = 0; n < 40; n++) await makeSubmission(server.deps);
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    const follower = waitingFollower(server.baseUrl);
    await follower.fetchList();

    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => http.post("queuer/", { json: form(100 + n) })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    await server.deps.lists.settled();
    const target = await serverWaiting(server.baseUrl);
    await followUntil(viewer, follower, target.version);

    expect(follower.held).toEqual(target);
    expect(viewer.received.filter((m) => m.type === "queue_update").length).toBeLessThan(30);
    expect(follower.refetches).toBe(1);
    await viewer.close();
  });

  it("announces every version it serves, so a viewer that fetched in the middle of a burst applies what follows", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    // Fewer changes than a message names before it asks for a refetch instead, however the burst is paced.
    const followers = Array.from({ length: 16 }, () => waitingFollower(server.baseUrl));
    // Each submission is followed at once by a viewer's fetch, so fetches land between the changes of the burst.
    await Promise.all(
      followers.map(async (follower, n) => {
        await http.post("queuer/", { json: form(200 + n) });
        await follower.fetchList();
      }),
    );
    await server.deps.lists.settled();
    const target = await serverWaiting(server.baseUrl);
    const updates: QueueUpdateMessage[] = [];
    while (updates.at(-1)?.version !== target.version) updates.push(await viewer.next("queue_update", (m) => m.queue_type === "waiting"));

    for (const follower of followers) {
      const held = follower.held!.version;
      // The version it fetched is where a message started from, or where one led to.
      const startsFrom = updates.findIndex((update) => update.base_version === held);
      const ledTo = updates.findIndex((update) => update.version === held);
      const next = startsFrom >= 0 && (ledTo < 0 || startsFrom <= ledTo) ? startsFrom : ledTo >= 0 ? ledTo + 1 : -1;
      expect(next, "a fetched version that no message names").toBeGreaterThanOrEqual(0);
      for (const update of updates.slice(next)) await follower.follow(update);
      expect(follower.refetches).toBe(1);
      expect(follower.held).toEqual(target);
    }
    await viewer.close();
  });

  it("refetches once when it missed a version, and after a reconnect, and ends on the server's list", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    const follower = waitingFollower(server.baseUrl);
    await follower.fetchList();

    await http.post("queuer/", { json: form(1) });
    await viewer.next("queue_update", (m) => m.queue_type === "waiting"); // lost on the way
    await http.post("queuer/", { json: form(2) });
    await follower.follow(await viewer.next("queue_update", (m) => m.queue_type === "waiting"));
    expect(follower.refetches).toBe(2);
    expect(follower.held).toEqual(await serverWaiting(server.baseUrl));
    await viewer.close();

    // Changes while the socket was down: the first update after reconnecting does not fit, so one refetch.
    await http.post("queuer/", { json: form(3) });
    await server.deps.lists.settled();
    const again = await connectSocket(`${server.wsUrl}/ws/public`);
    await again.next("connection_established");
    await http.post("queuer/", { json: form(4) });
    await follower.follow(await again.next("queue_update", (m) => m.queue_type === "waiting"));
    expect(follower.refetches).toBe(3);
    expect(follower.held).toEqual(await serverWaiting(server.baseUrl));

    // And the next change applies again without a request.
    await http.post("queuer/", { json: form(5) });
    await follower.follow(await again.next("queue_update", (m) => m.queue_type === "waiting"));
    expect(follower.refetches).toBe(3);
    expect(follower.held).toEqual(await serverWaiting(server.baseUrl));
    await again.close();
  });

  it("gives the back-office its own versions, with the admin fields, and the public ones to viewers only", async () => {
    const admin = await connectSocket(`${server.wsUrl}/ws/admin?token=${token}`);
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await Promise.all([admin.next("connection_established"), viewer.next("connection_established")]);
    const adminList = async () => {
      const response = await http.get("queuer/queue/admin", { token });
      return { entries: response.body as Entry[], version: versionOf(response.headers.get("etag") ?? "") };
    };
    let held: HeldList<Entry> = await adminList();

    const submitted = await http.post("queuer/", { json: form(7) });
    const update = await admin.next("queue_update", (m) => m.queue_type === "waiting");
    expect(update.base_version).toBe(held.version);
    expect(update.changes!.added[0]!.entry).toMatchObject({ user_id: submitted.body.user.user_id, streak_count: expect.any(Number) });
    const outcome = followListUpdate(held, update);
    if (outcome.kind !== "applied") throw new Error(`expected the change to apply, got ${outcome.kind}`);
    held = { entries: outcome.entries, version: outcome.version };
    expect(held).toEqual(await adminList());

    // Each socket hears each change once, in its own flavour.
    const publicUpdate = await viewer.next("queue_update", (m) => m.queue_type === "waiting");
    expect(publicUpdate.changes!.added[0]!.entry).not.toHaveProperty("streak_count");
    await admin.expectNone("queue_update");
    await viewer.expectNone("queue_update");
    await Promise.all([admin.close(), viewer.close()]);
  });

  it("keeps the spec's two fields for a client that ignores the rest", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await viewer.next("connection_established");
    await http.post("queuer/", { json: form(9) });
    const update = await viewer.next("queue_update");
    expect(update.queue_type).toBe("waiting");
    expect(update.total_count).toBe(1);
    await viewer.close();
  });
});

describeEachDatabase("live lists across two instances sharing one database and Redis", (dialect) => {
  const instances = useTwoOpenInstances(dialect);

  describe("a viewer who fetched from one instance and listens on the other", () => {
    it("applies the other instance's changes and, after a missed one, refetches and ends identical", async () => {
      const { a, b } = instances;
      const viewer = await connectSocket(`${b.wsUrl}/ws/public`);
      await viewer.next("connection_established");
      await Promise.all([a.deps.lists.settled(), b.deps.lists.settled()]);
      const follower = waitingFollower(a.baseUrl);
      await follower.fetchList();

      const onA = httpClient(a.baseUrl);
      await onA.post("queuer/", { json: form(1) });
      await follower.follow(await viewer.next("queue_update", (m) => m.queue_type === "waiting"));
      expect(follower.applied).toBe(1);
      expect(follower.held).toEqual(await serverWaiting(b.baseUrl));

      await onA.post("queuer/", { json: form(2) });
      await viewer.next("queue_update", (m) => m.queue_type === "waiting"); // lost on the way
      await onA.post("queuer/", { json: form(3) });
      const target = await (async () => {
        await Promise.all([a.deps.lists.settled(), b.deps.lists.settled()]);
        return serverWaiting(a.baseUrl);
      })();
      await followUntil(viewer, follower, target.version);
      expect(follower.held).toEqual(target);
      expect(follower.held).toEqual(await serverWaiting(b.baseUrl));
      expect(follower.refetches).toBe(2);
      await viewer.close();
    });
  });
});
