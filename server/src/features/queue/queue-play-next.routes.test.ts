import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { PLAY_NEXT_MESSAGES } from "@common/queue-admin";
import type { FilesTable } from "../../db/tables/files";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeAdmin, makeSubmission, resetQueue } from "../../test/factories";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
let fileCounter = 0;

describeEachDatabase("queue: Play next", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("outbox").execute();
  });

  const ids = (list: { id: string }[]) => list.map((e) => e.id);
  const active = async () => ids((await http.get("active-queuer/queue/admin", { token })).body);
  const waiting = async () => ids((await http.get("queuer/queue/admin", { token })).body);
  const playNext = (current_id: string | null, as = token) => http.post("active-queuer/play-next", { token: as, json: { current_id } });

  /** An uploaded entry whose file is at the given scan status. */
  async function withFile(status: FilesTable["status"]) {
    fileCounter += 1;
    const key = `${String(fileCounter).padStart(8, "0")}${"ab".repeat(12)}`;
    const now = new Date().toISOString();
    await server.deps.db
      .insertInto("files")
      .values({
        key,
        original_name: "song.mp3",
        declared_type: "audio/mpeg",
        content_type: "audio/mpeg",
        size: 1000,
        status,
        reason: null,
        duration_seconds: status === "clean" ? 180 : null,
        scan_started_at: null,
        scan_attempts: 0,
        created_at: now,
        uploaded_at: now,
        scanned_at: status === "clean" ? now : null,
        deleted_at: null,
      })
      .execute();
    return makeSubmission(server.deps, { file_key: key, link: `file:/uploads/${key}` });
  }

  it("plays the current song and brings up the next waiting entry, priority first", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    const early = await makeSubmission(server.deps);
    const vip = await makeSubmission(server.deps, { priority_level: 2 });

    const first = await playNext(current.row.id);
    expect(first.status).toBe(200);
    expect(ids(first.body.played)).toEqual([current.row.id]);
    expect(first.body.played[0]).toMatchObject({ status: "played" });
    expect(first.body.now_playing).toMatchObject({ id: vip.row.id, status: "active" });
    expect(first.body.skipped_count).toBe(0);
    expect(await active()).toEqual([vip.row.id]);

    const second = await playNext(vip.row.id);
    expect(second.body.now_playing.id).toBe(early.row.id);
    const last = await playNext(early.row.id);
    expect(last.body.now_playing).toBeNull();
    expect(await active()).toEqual([]);

    // Counted as played, newest first, like a Remove with "Mark as played".
    const played = (await http.get("submission-played/queue/admin", { token })).body;
    expect(ids(played)).toEqual([early.row.id, vip.row.id, current.row.id]);
  });

  it("writes each play to the outbox once, as DELETE active-queuer/{id}?is_played=true does", async () => {
    const a = await makeSubmission(server.deps, { status: "active", activated_at: ago(300) });
    const b = await makeSubmission(server.deps, { status: "active", activated_at: ago(100) });
    await makeSubmission(server.deps);
    expect((await playNext(a.row.id)).status).toBe(200);
    const rows = await server.deps.db.selectFrom("outbox").select(["topic", "payload"]).where("topic", "=", "submission.played").execute();
    expect(rows.map((row) => JSON.parse(row.payload).entry.id).sort()).toEqual([a.row.id, b.row.id].sort());
  });

  it("starts the show when nothing is playing", async () => {
    const first = await makeSubmission(server.deps);
    const response = await playNext(null);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ played: [], now_playing: { id: first.row.id } });
  });

  it("passes over uploads not yet scanned clean, and takes one that is", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(60) });
    const pending = await withFile("pending");
    const failed = await withFile("error");
    const clean = await withFile("clean");
    const response = await playNext(current.row.id);
    expect(response.body.now_playing.id).toBe(clean.row.id);
    expect(response.body.skipped_count).toBe(2);
    expect(await waiting()).toEqual([pending.row.id, failed.row.id]);
  });

  it("plays one song when the button is clicked twice or in two tabs at once", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(60) });
    const next = await makeSubmission(server.deps);
    const after = await makeSubmission(server.deps);
    const answers = await Promise.all([playNext(current.row.id), playNext(current.row.id), playNext(current.row.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ detail: PLAY_NEXT_MESSAGES.nowPlayingChanged });
    expect(await active()).toEqual([next.row.id]);
    expect(await waiting()).toEqual([after.row.id]);
    expect(ids((await http.get("submission-played/queue/admin", { token })).body)).toEqual([current.row.id]);

    // From nothing playing too: two starts bring up one song, however their reads interleave.
    for (let round = 0; round < 10; round += 1) {
      await resetQueue(server.deps);
      const one = await makeSubmission(server.deps);
      const two = await makeSubmission(server.deps);
      const starts = await Promise.all([playNext(null), playNext(null)]);
      expect(starts.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await active()).toEqual([one.row.id]);
      expect(await waiting()).toEqual([two.row.id]);
    }
  });

  it("refuses a click made from an older view with a 409 and changes nothing", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(60) });
    const next = await makeSubmission(server.deps);
    const stale = await playNext(next.row.id);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: PLAY_NEXT_MESSAGES.nowPlayingChanged });
    expect((await playNext(null)).status).toBe(409);
    expect(await active()).toEqual([current.row.id]);
    expect(await waiting()).toEqual([next.row.id]);
  });

  it("says so when nothing is playing and nothing is ready", async () => {
    await withFile("pending");
    const response = await playNext(null);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: PLAY_NEXT_MESSAGES.nothingToPlay });
  });

  describe("bad input", () => {
    it("asks for current_id with its message", async () => {
      for (const json of [{}, { current_id: "" }, { current_id: 12 }, { current_id: "x".repeat(201) }]) {
        const response = await http.post("active-queuer/play-next", { token, json });
        expect(response.status).toBe(422);
        expect(response.body.detail[0].loc).toEqual(["body", "current_id"]);
      }
      const missing = await http.post("active-queuer/play-next", { token, json: {} });
      expect(missing.body.detail[0].msg).toBe(PLAY_NEXT_MESSAGES.currentIdRequired);
    });

    it("is for active admins only", async () => {
      expect((await http.post("active-queuer/play-next", { json: { current_id: null } })).status).toBe(401);
      const inactive = (await makeAdmin(server.deps, { active: false })).accessToken;
      const refused = await playNext(null, inactive);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: MESSAGES.adminInactive });
    });
  });
});
