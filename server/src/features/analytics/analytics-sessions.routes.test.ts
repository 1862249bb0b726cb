import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANALYTICS_MESSAGES } from "@common/analytics";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, reopenTestDatabase, startTestApp, startRouteTestApp, type TestApp, type TestDatabase } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { makeAdmin, makeSubmission, makeUserToken, resetQueue } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";

describeEachDatabase("analytics sessions", (dialect) => {
  const clock = createFakeClock(new Date());
  let server: TestApp;
  let http: HttpClient;
  let token: string;

  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { clock }));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("analytics_session_plays").execute();
    await server.deps.db.deleteFrom("analytics_sessions").execute();
    await server.deps.db.deleteFrom("outbox").execute();
  });

  const start = (json: unknown, as = token) => http.post("analytics/sessions/start", { token: as, json });
  const session = async (id: string) => (await http.get(`analytics/sessions/${id}`, { token })).body;
  /** A song in Now Playing, submitted `waitedSeconds` ago. */
  const playing = async (values: { priority_level?: number; waitedSeconds?: number } = {}) =>
    (
      await makeSubmission(server.deps, {
        status: "active",
        priority_level: values.priority_level ?? 0,
        submitted_at: new Date(clock.now().getTime() - (values.waitedSeconds ?? 60) * 1000).toISOString(),
        activated_at: clock.now().toISOString(),
      })
    ).row;
  /** The host takes the song off Now Playing, then the outbox job runs, as it does every second. */
  async function finish(userId: string, isPlayed: boolean) {
    expect((await http.delete(`active-queuer/${userId}?is_played=${isPlayed}`, { token })).status).toBe(200);
    await server.deps.services.outbox.runDue();
  }

  describe("who may", () => {
    it("answers only admins, and lets an inactive admin look but not change", async () => {
      expect((await http.get("analytics/sessions")).status).toBe(401);
      expect((await http.get("analytics/sessions", { token: await makeUserToken(server.deps) })).status).toBe(401);
      const inactive = (await makeAdmin(server.deps, { active: false })).accessToken;
      expect((await http.get("analytics/sessions", { token: inactive })).body).toEqual([]);
      const refused = await start({ name: "Friday show" }, inactive);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: MESSAGES.adminInactive });
      expect((await http.get("analytics/sessions", { token })).body).toEqual([]);
    });
  });

  describe("starting", () => {
    it("asks for a session name when it is missing or blank", async () => {
      for (const body of [{}, { name: "" }, { name: "   " }, { name: null }]) {
        const response = await start(body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.body.detail[0]).toMatchObject({ loc: ["body", "name"], msg: ANALYTICS_MESSAGES.nameRequired });
      }
      expect((await start({ name: "x".repeat(101) })).body.detail[0].loc).toEqual(["body", "name"]);
      const badDate = await start({ name: "Friday show", started_at: "last friday" });
      expect(badDate.status).toBe(422);
      expect(badDate.body.detail[0]).toMatchObject({ loc: ["body", "started_at"], msg: ANALYTICS_MESSAGES.startedAtInvalid });
      expect((await http.get("analytics/sessions", { token })).body).toEqual([]);
    });

    it("starts a live session at now by default, or at the time given, and shows it in the list", async () => {
      const response = await start({ name: "  Friday show " });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        session_id: expect.any(String),
        name: "Friday show",
        started_at: clock.now().toISOString(),
        duration: 0,
        submissions_count: 0,
        priority_count: 0,
        skipped_count: 0,
        submissions_data: [],
        average_score: null,
        top_scored: [],
        is_live: true,
        ended_at: null,
        saved_at: null,
      });
      clock.advance(90_000);
      expect(await session(response.body.session_id)).toMatchObject({ duration: 90, is_live: true });
      const ended = await http.post(`analytics/sessions/end/${response.body.session_id}`, { token });
      expect(ended.body).toMatchObject({ is_live: false, ended_at: clock.now().toISOString(), duration: 90 });

      const earlier = new Date(clock.now().getTime() - 3_600_000);
      const backdated = await start({ name: "Saturday", started_at: earlier.toISOString().replace("Z", "+00:00") });
      expect(backdated.body).toMatchObject({ started_at: earlier.toISOString(), duration: 3600 });
      const list = (await http.get("analytics/sessions", { token })).body as { name: string }[];
      expect(list.map((s) => s.name)).toEqual(["Saturday", "Friday show"]);
    });

    it("refuses a second live session with a 409, also when the starts race", async () => {
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => start({ name: `Race ${i}` })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const refused of results.filter((r) => r.status === 409)) expect(refused.body).toEqual({ detail: ANALYTICS_MESSAGES.alreadyLive });
      expect((await http.get("analytics/sessions", { token })).body).toHaveLength(1);
      // The database itself refuses a second live row, whatever reaches it.
      const second = { id: "second-live", name: "Sneaky", started_at: clock.now().toISOString(), opened_at: clock.now().toISOString(), ended_at: null, saved_at: null, is_live: 1 };
      await expect(server.deps.db.insertInto("analytics_sessions").values(second).execute()).rejects.toThrow();
    });

    it("keeps one live session when two instances start at the same moment", async () => {
      const secondHandle: TestDatabase = reopenTestDatabase(server.database);
      const second = await startTestApp(dialect, { database: secondHandle, clock });
      try {
        const other = httpClient(second.baseUrl);
        const results = await Promise.all([start({ name: "Here" }), other.post("analytics/sessions/start", { token, json: { name: "There" } })]);
        expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
        expect((await http.get("analytics/sessions", { token })).body).toHaveLength(1);
      } finally {
        await second.close();
        await secondHandle.close();
      }
    });
  });

  describe("reading, saving and ending", () => {
    it("answers 404 for a session that does not exist", async () => {
      for (const response of [
        await http.get("analytics/sessions/no-such-session", { token }),
        await http.post("analytics/sessions/save/no-such-session", { token, json: {} }),
        await http.post("analytics/sessions/end/no-such-session", { token }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: ANALYTICS_MESSAGES.sessionNotFound });
      }
    });

    it("saves a live session, and refuses to save or end one that has ended", async () => {
      const { session_id } = (await start({ name: "Friday show" })).body;
      clock.advance(1000);
      const saved = await http.post(`analytics/sessions/save/${session_id}`, { token, json: { submissions_played: [] } });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ is_live: true, saved_at: clock.now().toISOString() });
      const badBody = await http.post(`analytics/sessions/save/${session_id}`, { token, json: { submissions_played: "all" } });
      expect(badBody.status).toBe(422);
      expect(badBody.body.detail[0].loc).toEqual(["body", "submissions_played"]);

      expect((await http.post(`analytics/sessions/end/${session_id}`, { token })).status).toBe(200);
      const saveEnded = await http.post(`analytics/sessions/save/${session_id}`, { token, json: {} });
      expect(saveEnded.status).toBe(409);
      expect(saveEnded.body).toEqual({ detail: ANALYTICS_MESSAGES.noActiveSession });
      const endAgain = await http.post(`analytics/sessions/end/${session_id}`, { token });
      expect(endAgain.status).toBe(409);
      expect(endAgain.body).toEqual({ detail: ANALYTICS_MESSAGES.alreadyEnded });
    });
  });

  describe("counting plays", () => {
    it("counts a song removed as played while the session is live, and not one removed without playing", async () => {
      const { session_id } = (await start({ name: "Friday show" })).body;
      clock.advance(60_000);
      const vip = await playing({ priority_level: 2, waitedSeconds: 600 });
      await finish(vip.user_id, true);
      const skipped = await playing();
      await finish(skipped.user_id, false);
      const regular = await playing({ waitedSeconds: 120 });
      clock.advance(1000);
      await finish(regular.user_id, true);

      const counted = await session(session_id);
      // Played through by the host: none of them counts as skipped by votes.
      expect(counted).toMatchObject({ submissions_count: 2, priority_count: 1, skipped_count: 0 });
      expect(counted.submissions_data).toEqual([
        {
          submission_id: vip.id,
          artist_name: vip.artist_name,
          track_title: vip.track_title,
          username: vip.username,
          priority_level: 2,
          submitted_at: vip.submitted_at,
          played_at: expect.any(String),
          wait_seconds: 600,
          skipped: false,
          score: null,
        },
        expect.objectContaining({ submission_id: regular.id, priority_level: 0, wait_seconds: 121 }),
      ]);
      // Running the outbox again counts nothing twice.
      await server.deps.services.outbox.runDue();
      expect((await session(session_id)).submissions_count).toBe(2);
    });

    it("counts no song in a session when none is live, though the song is in Submissions Played", async () => {
      const { session_id } = (await start({ name: "Earlier show" })).body;
      await http.post(`analytics/sessions/end/${session_id}`, { token });
      clock.advance(1000);
      const song = await playing();
      await finish(song.user_id, true);
      expect((await session(session_id)).submissions_count).toBe(0);
      const played = (await http.get("submission-played/queue/admin", { token })).body as { id: string }[];
      expect(played.map((entry) => entry.id)).toEqual([song.id]);
    });

    it("adds on save the songs played before the session started, once", async () => {
      const before = await playing({ priority_level: 1 });
      await finish(before.user_id, true);
      clock.advance(1000);
      const { session_id } = (await start({ name: "Late start" })).body;
      const body = { submissions_played: [before.id, before.id, "not-a-played-id"] };
      const saved = await http.post(`analytics/sessions/save/${session_id}`, { token, json: body });
      expect(saved.body).toMatchObject({ submissions_count: 1, priority_count: 1 });
      const again = await http.post(`analytics/sessions/save/${session_id}`, { token, json: body });
      expect(again.body.submissions_count).toBe(1);
    });

    it("counts a play once when two instances run the outbox at the same time", async () => {
      const secondHandle = reopenTestDatabase(server.database);
      const second = await startTestApp(dialect, { database: secondHandle, clock });
      try {
        const { session_id } = (await start({ name: "Two instances" })).body;
        const songs = [await playing(), await playing(), await playing()];
        for (const song of songs) {
          expect((await http.delete(`active-queuer/${song.user_id}?is_played=true`, { token })).status).toBe(200);
        }
        const [ranHere, ranThere] = await Promise.all([server.deps.services.outbox.runDue(), second.deps.services.outbox.runDue()]);
        expect(ranHere + ranThere).toBe(3);
        const counted = await session(session_id);
        expect(counted.submissions_count).toBe(3);
        expect(counted.submissions_data.map((play: { submission_id: string }) => play.submission_id).sort()).toEqual(songs.map((s) => s.id).sort());
      } finally {
        await second.close();
        await secondHandle.close();
      }
    });
  });
});
