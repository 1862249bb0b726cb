import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp, useTwoOpenInstances } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { makeUserToken, resetQueue, openEmptyQueue } from "../../test/factories";

const TEST_ENV = { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" };
const SUBMITTER_BANNED = "You can't submit to this queue: the host has banned you.";
const LINK_BANNED = "This song can't be submitted: the host has banned this link.";

const form = (name: string, link = `https://example.com/${name}`) => ({ artist_name: "Artist", track_title: `Track ${name}`, youtube_username: name, link });

describeEachDatabase("moderation: bans", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { env: TEST_ENV }));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.deps.db.deleteFrom("bans").execute();
    // Written behind the service's back, so announced as a lift would be.
    await server.deps.events.emit("bans.changed", { ban_id: "test-reset" });
    await openEmptyQueue(server.deps);
  });

  const ban = (json: unknown) => http.post("moderation/bans", { json, token });

  it("refuses every address of a banned song, to guests and members alike, until the ban is lifted", async () => {
    const placed = await ban({ kind: "link", value: "https://youtu.be/dQw4w9WgXcQ?si=x", reason: "Not on this stream" });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ kind: "link", value: "youtube:dQw4w9WgXcQ", reason: "Not on this stream" });
    const refused = await http.post("queuer/", { json: form("ana", "https://music.youtube.com/watch?v=dQw4w9WgXcQ&t=3") });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: LINK_BANNED });
    const member = await http.post("queuer/", { json: form("leo", "https://www.youtube.com/shorts/dQw4w9WgXcQ"), token: await makeUserToken(server.deps) });
    expect(member.body).toEqual({ detail: LINK_BANNED });
    expect((await http.get("queuer/queue")).body).toEqual([]);

    expect((await http.delete(`moderation/bans/${placed.body.id}`, { token })).body).toEqual({ ok: true });
    expect((await http.post("queuer/", { json: form("ana", "https://youtu.be/dQw4w9WgXcQ") })).status).toBe(201);
    expect((await http.delete(`moderation/bans/${placed.body.id}`, { token })).status).toBe(404);
  });

  it("refuses a banned username in any case, a banned guest and a banned account", async () => {
    await ban({ kind: "username", value: "@Leo", reason: "Spam" });
    expect((await http.post("queuer/", { json: form("LEO") })).body).toEqual({ detail: SUBMITTER_BANNED });

    const guest = await http.post("queuer/", { json: form("ana") });
    await resetQueue(server.deps);
    await ban({ kind: "guest", value: guest.body.user.user_id, reason: "Abuse" });
    const again = await http.post("queuer/", { json: form("ana2"), headers: { "X-Guest-Secret": guest.body.guest_secret } });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ detail: SUBMITTER_BANNED });
    expect((await http.post("queuer/", { json: form("ana3") })).status).toBe(201);

    const userId = "member-banned";
    await ban({ kind: "account", value: userId, reason: "Abuse" });
    const member = await http.post("queuer/", { json: form("mia"), token: await makeUserToken(server.deps, userId) });
    expect(member.body).toEqual({ detail: SUBMITTER_BANNED });
  });

  it("refuses an owner's edit to a banned song", async () => {
    const created = await http.post("queuer/", { json: form("ana") });
    await ban({ kind: "link", value: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", reason: "No" });
    const edited = await http.put(`queuer/${created.body.user.user_id}`, {
      json: { ...form("ana", "https://open.spotify.com/intl-fr/track/4uLU6hMCjMI75M1A2tKUQC?si=1"), on_hold: false },
      headers: { "X-Guest-Secret": created.body.guest_secret },
    });
    expect(edited.status).toBe(403);
    expect(edited.body).toEqual({ detail: LINK_BANNED });
  });

  it("lists the bans in force, refuses the same ban twice, and records placing and lifting in the audit log", async () => {
    const first = (await ban({ kind: "username", value: "leo", reason: "Spam" })).body;
    await ban({ kind: "link", value: "https://artist.bandcamp.com/track/song", reason: "Taken down" });
    expect((await ban({ kind: "username", value: "LEO", reason: "Again" })).body).toEqual({ detail: "This is already banned" });
    const listed = (await http.get("moderation/bans", { token })).body.bans;
    expect(listed.map((b: { kind: string; value: string }) => `${b.kind}:${b.value}`).sort()).toEqual(["link:bandcamp:artist/track/song", "username:leo"]);
    await http.delete(`moderation/bans/${first.id}`, { token });
    expect((await http.get("moderation/bans", { token })).body.bans).toHaveLength(1);
    const added = (await http.get("audit/admin?action=ban.added", { token })).body.records;
    const lifted = (await http.get("audit/admin?action=ban.lifted", { token })).body.records;
    expect(added[0]).toMatchObject({ reason: "Taken down" });
    expect(lifted.length).toBeGreaterThan(0);
  });

  it("answers bad input with the field's message", async () => {
    const cases: [unknown, string[], string][] = [
      [{ kind: "link", value: "http://127.0.0.1/x", reason: "r" }, ["body", "value"], "Invalid link format. For file submissions, please use the File option."],
      [{ kind: "username", value: "leo", reason: "  " }, ["body", "reason"], "A reason is required"],
      [{ kind: "username", value: "leo" }, ["body", "reason"], "A reason is required"],
      [{ kind: "guest", value: "", reason: "r" }, ["body", "value"], "Say who or what to ban"],
      [{ kind: "username", value: "x".repeat(201), reason: "r" }, ["body", "value"], "Must be at most 200 characters"],
    ];
    for (const [json, loc, msg] of cases) {
      const response = await ban(json);
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc, msg });
    }
    expect((await ban({ kind: "ip", value: "x", reason: "r" })).body.detail[0].loc).toEqual(["body", "kind"]);
  });

  it("keeps bans to admins", async () => {
    const userToken = await makeUserToken(server.deps);
    for (const [method, path] of [
      ["GET", "moderation/bans"],
      ["POST", "moderation/bans"],
      ["DELETE", "moderation/bans/x"],
    ] as const) {
      expect((await http.request(method, path, { token: userToken, json: method === "POST" ? { kind: "username", value: "a", reason: "r" } : undefined })).status).toBe(401);
    }
  });
});

describeEachDatabase("moderation: bans across two instances sharing one database and Redis", (dialect) => {
  const instances = useTwoOpenInstances(dialect);

  it("refuses on one instance a song banned through the other, and takes it again once the ban is lifted there", async () => {
    const { a, b } = instances;
    const onA = httpClient(a.baseUrl);
    const onB = httpClient(b.baseUrl);
    const token = (await createTestAdmin(a.deps)).accessToken;
    // B has read the bans in force (none) before the ban is placed.
    expect((await onB.post("queuer/", { json: form("first", "https://example.com/first") })).status).toBe(201);

    const placed = await onA.post("moderation/bans", { json: { kind: "link", value: "https://example.com/banned", reason: "No" }, token });
    expect(placed.status).toBe(201);
    await expect.poll(async () => (await onB.post("queuer/", { json: form("second", "https://example.com/banned") })).body).toEqual({ detail: LINK_BANNED });

    expect((await onA.delete(`moderation/bans/${placed.body.id}`, { token })).status).toBe(200);
    await expect.poll(async () => (await onB.post("queuer/", { json: form("third", "https://example.com/banned") })).status).toBe(201);
  });
});
