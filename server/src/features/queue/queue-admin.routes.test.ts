import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeAdmin, makeSubmission, makeUserToken, resetQueue, TEST_SYSTEM } from "../../test/factories";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const fields = { artist_name: "Edited", track_title: "Title", youtube_username: "Chan", username: "chan", link: "https://example.com/edited", message: "note" };

describeEachDatabase("queue: the admin's calls", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  let otherToken: string;
  let inactiveToken: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
    otherToken = (await makeAdmin(server.deps)).accessToken;
    inactiveToken = (await makeAdmin(server.deps, { active: false })).accessToken;
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const ids = (list: { id: string }[]) => list.map((e) => e.id);
  const waiting = async () => ids((await http.get("queuer/queue/admin", { token })).body);
  const onHold = async () => ids((await http.get("queuer/on-hold/admin", { token })).body);
  const active = async () => ids((await http.get("active-queuer/queue/admin", { token })).body);

  describe("access", () => {
    it("asks for an admin token on every admin call", async () => {
      const { row } = await makeSubmission(server.deps);
      const userToken = await makeUserToken(server.deps);
      for (const [method, path] of [
        ["GET", "queuer/queue/admin"],
        ["GET", "queuer"],
        ["GET", "active-queuer"],
        ["GET", `move/${row.user_id}`],
        ["POST", `queuer/release/${row.user_id}`],
        ["DELETE", `queuer/${row.user_id}/admin`],
        ["DELETE", "queuer/queue/admin"],
        ["GET", "submission-played/queue/admin"],
      ] as const) {
        expect((await http.request(method, path)).status).toBe(401);
        expect((await http.request(method, path, { token: userToken })).status).toBe(401);
      }
      expect(await waiting()).toEqual([row.id]);
    });

    it("lets an inactive admin look but refuses every change with the spec's message", async () => {
      const { row } = await makeSubmission(server.deps);
      expect((await http.get("queuer/queue/admin", { token: inactiveToken })).status).toBe(200);
      for (const [method, path, json] of [
        ["GET", `move/${row.user_id}`, undefined],
        ["PUT", `queuer/${row.user_id}/admin`, { ...fields, on_hold: true }],
        ["DELETE", `queuer/${row.user_id}/admin`, undefined],
        ["PUT", `priority/user/${row.user_id}`, { priority_level: 2 }],
        ["POST", "admin-post/", fields],
        ["DELETE", "queuer/queue/admin", undefined],
      ] as const) {
        const response = await http.request(method, path, { token: inactiveToken, json });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: MESSAGES.adminInactive });
      }
      expect(await waiting()).toEqual([row.id]);
    });
  });

  it("adds a submission even while the queue is closed, under a fresh identity", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    const response = await http.post("admin-post/", { token, json: { ...fields, artist_name: "  ", username: "" } });
    expect(response.status).toBe(201);
    expect(response.body.queuer).toMatchObject({ artist_name: "Empty!", status: "waiting" });
    expect(response.body.user).toMatchObject({ is_guest: true });
    expect(response.body.guest_secret).toBeUndefined();
    const again = await http.post("admin-post/", { token, json: fields });
    expect(again.body.user.user_id).not.toBe(response.body.user.user_id);
    expect(await waiting()).toHaveLength(2);
    expect((await http.post("admin-post/", { token, json: { ...fields, link: "nope" } })).status).toBe(422);
  });

  it("falls back to 'Empty!' for a blank artist and title instead of refusing the admin's add", async () => {
    for (const blank of [{ artist_name: "", track_title: "   " }, { artist_name: null, track_title: null }, {}]) {
      const response = await http.post("admin-post/", { token, json: { link: `https://example.com/blank-${Math.random()}`, ...blank } });
      expect(response.status).toBe(201);
      expect(response.body.queuer).toMatchObject({ artist_name: "Empty!", track_title: "Empty!", message: "Empty!", username: "anonymous" });
    }
  });

  it("lists each entry with its submitter's account level, streak and revenue source", async () => {
    const account = "acct-standing";
    const day = 24 * 3600;
    // Three earlier shows (days with plays); the member submitted in the last two, and had two songs played.
    await makeSubmission(server.deps, { status: "played", submitted_at: ago(3 * day), activated_at: ago(3 * day), played_at: ago(3 * day) });
    await makeSubmission(server.deps, { owner_id: account, status: "played", submitted_at: ago(2 * day), played_at: ago(2 * day) });
    await makeSubmission(server.deps, { owner_id: account, status: "played", submitted_at: ago(1 * day), played_at: ago(1 * day) });
    const member = await makeSubmission(server.deps, { owner_id: account, priority_level: 1, payment_source: "superchat" });
    const newcomer = await makeSubmission(server.deps, { priority_level: 2, payment_source: "patreon" });
    const plain = await makeSubmission(server.deps);
    const list = (await http.get("queuer/queue/admin", { token })).body as { id: string }[];
    const byId = (id: string) => list.find((entry) => entry.id === id);
    expect(byId(member.row.id)).toMatchObject({ account_level: 2, streak_count: 3, revenue_source: "donation" });
    expect(byId(newcomer.row.id)).toMatchObject({ account_level: 1, streak_count: 1, revenue_source: "subscription" });
    expect(byId(plain.row.id)).toMatchObject({ account_level: 1, streak_count: 1, revenue_source: null });
  });

  it("holds a waiting entry and releases it to its original place", async () => {
    const first = await makeSubmission(server.deps);
    const second = await makeSubmission(server.deps);
    const hold = await http.put(`queuer/${first.row.user_id}/admin`, { token, json: { ...fields, on_hold: true } });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ status: "on_hold", on_hold: true, artist_name: first.row.artist_name });
    expect(await waiting()).toEqual([second.row.id]);
    expect(await onHold()).toEqual([first.row.id]);

    const release = await http.post(`queuer/release/${first.row.id}`, { token });
    expect(release.status).toBe(200);
    expect(await waiting()).toEqual([first.row.id, second.row.id]);
    const again = await http.post(`queuer/release/${first.row.id}`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "This submission is not on hold" });
  });

  it("edits an entry's fields without moving it", async () => {
    const { row } = await makeSubmission(server.deps, { status: "active", activated_at: ago(5) });
    const response = await http.put(`queuer/${row.user_id}/admin`, { token, json: { ...fields, track_title: "  Fixed  " } });
    expect(response.body).toMatchObject({ status: "active", track_title: "Fixed" });
    const hold = await http.put(`queuer/${row.user_id}/admin`, { token, json: { ...fields, on_hold: true } });
    expect(hold.status).toBe(409);
    expect(hold.body).toEqual({ detail: "Only a waiting submission can be put on hold" });
  });

  it("holds an entry without overwriting what its owner saved in between", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const [cached] = (await http.get("queuer/queue/admin", { token })).body;
    const ownerEdit = await http.put(`queuer/${row.user_id}`, {
      headers: { "X-Guest-Secret": guestSecret! },
      json: { artist_name: "Owner's artist", track_title: "Owner's title", youtube_username: "OwnerTube", link: "https://example.com/owner", message: "fixed my typo" },
    });
    expect(ownerEdit.status).toBe(200);

    const hold = await http.put(`queuer/${row.user_id}/admin`, { token, json: { on_hold: true } });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ status: "on_hold", artist_name: "Owner's artist", track_title: "Owner's title", message: "fixed my typo" });

    // An edit sent from the copy read before the owner's change is refused and changes nothing.
    const stale = await http.put(`queuer/${row.user_id}/admin`, { token, json: { track_title: "Admin's title", version: cached.version } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: "This submission was changed in the meantime. Reload and try again." });
    expect((await http.get(`queuer/${row.user_id}`)).body).toMatchObject({ track_title: "Owner's title", link: "https://example.com/owner" });
  });

  it("holds from the admin's cached copy without putting back what the owner changed after it loaded", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps, { message: "first note" });
    const { version: _loadedVersion, ...cached } = (await http.get("queuer/queue/admin", { token })).body[0];
    const ownerSave = { artist_name: "Owner's artist", track_title: "Owner's title", youtube_username: "OwnerTube", link: "https://example.com/owner", message: "fixed my typo" };
    expect((await http.put(`queuer/${row.user_id}`, { headers: { "X-Guest-Secret": guestSecret! }, json: ownerSave })).status).toBe(200);

    const hold = await http.put(`queuer/${cached.id}/admin`, { token, json: { ...cached, on_hold: true } });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ status: "on_hold", on_hold: true, ...ownerSave });
    expect((await http.get("queuer/on-hold/admin", { token })).body[0]).toMatchObject(ownerSave);
  });

  it("holds and edits at once from a copy that names the entry's current version", async () => {
    const { row } = await makeSubmission(server.deps);
    const [entry] = (await http.get("queuer/queue/admin", { token })).body;
    const hold = await http.put(`queuer/${row.user_id}/admin`, { token, json: { ...fields, on_hold: true, version: entry.version } });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ status: "on_hold", artist_name: "Edited", message: "note" });
  });

  it("changes only the fields an admin edit names", async () => {
    const { row } = await makeSubmission(server.deps, { message: "keep me" });
    const [entry] = (await http.get("queuer/queue/admin", { token })).body;
    const edit = await http.put(`queuer/${row.user_id}/admin`, { token, json: { track_title: "Renamed", version: entry.version } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ track_title: "Renamed", artist_name: row.artist_name, message: "keep me", link: row.link, version: entry.version + 1 });
  });

  it("moves an entry to Now Playing and back to its place in Waiting", async () => {
    const first = await makeSubmission(server.deps);
    const second = await makeSubmission(server.deps);
    const move = await http.get(`move/${first.row.user_id}`, { token });
    expect(move.status).toBe(200);
    expect(move.body).toMatchObject({ id: first.row.id, status: "active" });
    expect(await active()).toEqual([first.row.id]);
    expect(await waiting()).toEqual([second.row.id]);
    expect((await http.get(`move/${first.row.user_id}`, { token })).body).toEqual({ detail: "This submission is already Now Playing" });

    const back = await http.post(`move/back/${first.row.user_id}`, { token });
    expect(back.status).toBe(200);
    expect(await waiting()).toEqual([first.row.id, second.row.id]);
    expect(await active()).toEqual([]);
    expect((await http.post(`move/back/${first.row.user_id}`, { token })).body).toEqual({ detail: "This submission is not Now Playing" });
  });

  it("moves a held entry straight to Now Playing", async () => {
    const { row } = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    expect((await http.get(`move/${row.id}`, { token })).status).toBe(200);
    expect(await onHold()).toEqual([]);
    expect(await active()).toEqual([row.id]);
  });

  it("refuses to play an uploaded file that has not been scanned clean", async () => {
    const { row } = await makeSubmission(server.deps, { file_key: "0123456789abcdef0123456789abcdef", link: "file:/uploads/0123456789abcdef0123456789abcdef" });
    const response = await http.get(`move/${row.user_id}`, { token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: "File has not been scanned clean yet" });
    expect(await waiting()).toEqual([row.id]);
  });

  it("leaves an entry in exactly one list when two admins move it at once", async () => {
    const { row } = await makeSubmission(server.deps);
    const [a, b] = await Promise.all([http.get(`move/${row.user_id}`, { token }), http.get(`move/${row.user_id}`, { token: otherToken })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await active()).toEqual([row.id]);
    expect(await waiting()).toEqual([]);

    const other = await makeSubmission(server.deps);
    const results = await Promise.all([
      http.get(`move/${other.row.user_id}`, { token }),
      http.put(`queuer/${other.row.user_id}/admin`, { token: otherToken, json: { ...fields, on_hold: true } }),
      http.delete(`queuer/${other.row.user_id}/admin`, { token }),
    ]);
    expect(results.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    const places = [await waiting(), await onHold(), await active()].flat().filter((id) => id === other.row.id);
    expect(places.length).toBeLessThanOrEqual(1);
  });

  it("removes an entry from any list, and answers 404 for one not in the queue", async () => {
    const { row } = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    expect((await http.delete(`queuer/${row.user_id}/admin`, { token })).body).toEqual({ ok: true });
    expect(await onHold()).toEqual([]);
    const missing = await http.delete(`queuer/${row.user_id}/admin`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Submission not found" });
    expect((await http.get("move/no-such-entry", { token })).status).toBe(404);
  });

  it("finishes Now Playing as played (listed newest first) or as removed (not listed)", async () => {
    const played = await makeSubmission(server.deps, { status: "active", activated_at: ago(300) });
    const skipped = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    const later = await makeSubmission(server.deps, { status: "active", activated_at: ago(100) });
    const pressedAt = Date.now();
    expect((await http.delete(`active-queuer/${played.row.user_id}?is_played=true`, { token })).status).toBe(200);
    expect((await http.delete(`active-queuer/${skipped.row.user_id}?is_played=false`, { token })).status).toBe(200);
    expect((await http.delete(`active-queuer/${later.row.id}`, { token })).status).toBe(200);
    expect(await active()).toEqual([]);

    const list = (await http.get("submission-played/queue/admin", { token })).body;
    expect(ids(list)).toEqual([later.row.id, played.row.id]);
    expect(list[0]).toMatchObject({ status: "played" });
    expect(Date.parse(list[0].played_at)).toBeGreaterThanOrEqual(pressedAt);

    const notPlaying = await makeSubmission(server.deps);
    const refused = await http.delete(`active-queuer/${notPlaying.row.user_id}?is_played=true`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: "This submission is not Now Playing" });
    expect((await http.delete(`active-queuer/${notPlaying.row.user_id}?is_played=maybe`, { token })).status).toBe(422);

    expect((await http.delete("submission-played/queue/admin", { token })).body).toEqual({ ok: true, cleared_count: 2 });
    expect((await http.get("submission-played/queue/admin", { token })).body).toEqual([]);
  });

  it("sets a tier that moves the entry up, and refuses a tier that does not exist", async () => {
    const first = await makeSubmission(server.deps);
    const second = await makeSubmission(server.deps);
    const response = await http.put(`priority/user/${second.row.user_id}`, {
      token,
      json: { priority_level: 3, premium_expires: "2030-01-01T00:00:00+02:00", payment_source: "patreon", reason: "supporter" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ priority_level: 3, premium_expires: "2029-12-31T22:00:00.000Z", payment_source: "patreon" });
    expect(await waiting()).toEqual([second.row.id, first.row.id]);
    expect((await http.get("queuer/queue")).body[0].id).toBe(second.row.id);

    const bad = await http.put(`priority/user/${second.row.user_id}`, { token, json: { priority_level: 5 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "priority_level"]);
  });

  it("clears each list on its own", async () => {
    const w = await makeSubmission(server.deps);
    const h = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    const a = await makeSubmission(server.deps, { status: "active", activated_at: ago(5) });
    expect((await http.delete("queuer/on-hold/admin", { token })).body).toEqual({ ok: true, removed_count: 1 });
    expect([await waiting(), await onHold(), await active()]).toEqual([[w.row.id], [], [a.row.id]]);
    await http.delete("active-queuer/queue/admin", { token });
    expect([await waiting(), await active()]).toEqual([[w.row.id], []]);
    await http.delete("queuer/queue/admin", { token });
    expect(await waiting()).toEqual([]);
    expect((await http.get("queuer/queue")).body).toEqual([]);
    expect((await http.get(`queue-position/position/${h.row.user_id}`)).status).toBe(404);
  });

  it("lists everyone for the bulk page: not playing, and playing", async () => {
    const w = await makeSubmission(server.deps);
    const h = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "admin" });
    const a = await makeSubmission(server.deps, { status: "active", activated_at: ago(5) });
    expect(ids((await http.get("queuer", { token })).body)).toEqual([w.row.id, h.row.id]);
    expect(ids((await http.get("active-queuer", { token })).body)).toEqual([a.row.id]);
  });
});
