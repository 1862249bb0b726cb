import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX_LENGTH } from "@common/reviews";
import { TEXT_MESSAGES } from "@common/text";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeAdmin, makeSubmission, makeUserToken, resetQueue } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";
import { createTestUser, type TestUser } from "../../test/users";

describeEachDatabase("review mode: the host's score and a line for the artist", (dialect) => {
  const clock = createFakeClock(new Date("2026-11-20T20:00:00.000Z"));
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  let artist: TestUser;

  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { clock }));
    artist = await createTestUser(server.deps, { username: "scored_artist" });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.deps.db.deleteFrom("submission_reviews").execute();
    await server.deps.db.deleteFrom("analytics_session_plays").execute();
    await server.deps.db.deleteFrom("analytics_sessions").execute();
    await resetQueue(server.deps);
    await server.deps.services.users.updateMe({ kind: "person", userId: artist.user.user_id, guestId: null, invalidGuestSecret: false }, { preferences: { public_profile: true } });
  });

  /** The artist's song, in Now Playing unless told otherwise. */
  const song = async (status: "active" | "played" | "waiting" = "active", title = "Glass Harbour") =>
    (
      await makeSubmission(server.deps, {
        user_id: artist.user.user_id,
        owner_id: artist.user.user_id,
        track_title: title,
        status,
        activated_at: status === "waiting" ? null : clock.now().toISOString(),
        played_at: status === "played" ? clock.now().toISOString() : null,
      })
    ).row;
  const score = (id: string, json: unknown, as = token) => http.put(`reviews/${id}`, { json, token: as });
  const historyItem = async (path: string, as?: string) => (await http.get(path, { token: as })).body.submissions?.[0];

  it("scores the song playing with a line, and the artist reads both in their history", async () => {
    const playing = await song();
    const saved = await score(playing.id, { score: 8, note: "  Great hook, mix the vocals up a little. " });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ submission_id: playing.id, score: 8, note: "Great hook, mix the vocals up a little.", reviewed_at: clock.now().toISOString() });
    expect(await historyItem("user/me/history", artist.access_token)).toMatchObject({
      track_title: "Glass Harbour",
      score: 8,
      score_note: "Great hook, mix the vocals up a little.",
    });
    expect((await http.get(`reviews/${playing.id}`, { token })).body).toEqual({ review: saved.body });
  });

  it("lets the host change a score and clear the line, keeping one score per song", async () => {
    const played = await song("played");
    await score(played.id, { score: 4, note: "Too quiet" });
    const changed = await score(played.id, { score: 6, note: "   " });
    expect(changed.body).toMatchObject({ score: 6, note: null });
    expect(await historyItem("user/me/history", artist.access_token)).toMatchObject({ score: 6, score_note: null });
    expect(await server.deps.db.selectFrom("submission_reviews").selectAll().execute()).toHaveLength(1);
  });

  it("refuses a score outside 1 to 10, a fraction or none with 422, and an over-long or control-character line", async () => {
    const playing = await song();
    for (const body of [{ score: 0 }, { score: 11 }, { score: 7.5 }, { score: "8" }, {}, { score: -3 }]) {
      const refused = await score(playing.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ["body", "score"], msg: REVIEW_MESSAGES.scoreRange });
    }
    const long = await score(playing.id, { score: 5, note: "x".repeat(REVIEW_NOTE_MAX_LENGTH + 1) });
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({ loc: ["body", "note"], msg: TEXT_MESSAGES.tooLong(REVIEW_NOTE_MAX_LENGTH) });
    const twoLines = await score(playing.id, { score: 5, note: "one\nline only" });
    expect(twoLines.body.detail[0]).toMatchObject({ loc: ["body", "note"], msg: TEXT_MESSAGES.controlCharacters });
    expect(await historyItem("user/me/history", artist.access_token)).toMatchObject({ score: null, score_note: null });
  });

  it("lets only an active admin score: members, guests and an inactive admin are refused", async () => {
    const playing = await song();
    expect((await score(playing.id, { score: 9 }, "")).status).toBe(401);
    expect((await score(playing.id, { score: 9 }, artist.access_token)).status).toBe(401);
    expect((await score(playing.id, { score: 9 }, await makeUserToken(server.deps))).status).toBe(401);
    const inactive = await score(playing.id, { score: 9 }, (await makeAdmin(server.deps, { active: false })).accessToken);
    expect(inactive.status).toBe(403);
    expect(inactive.body).toEqual({ detail: MESSAGES.adminInactive });
    expect((await http.get(`reviews/${playing.id}`, { token: artist.access_token })).status).toBe(401);
    expect(await historyItem("user/me/history", artist.access_token)).toMatchObject({ score: null });
  });

  it("scores only a song playing or played: a waiting one is 409, an unknown one 404", async () => {
    const waiting = await song("waiting");
    const refused = await score(waiting.id, { score: 7 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: REVIEW_MESSAGES.notScorable });
    const unknown = await score("no-such-entry", { score: 7 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: MESSAGES.entryNotFound });
  });

  it("shows the score on the artist's public profile only while the profile is public", async () => {
    const played = await song("played");
    await score(played.id, { score: 9, note: "Loved it" });
    expect(await historyItem("user/scored_artist/history")).toMatchObject({ score: 9, score_note: "Loved it" });
    await server.deps.services.users.updateMe(
      { kind: "person", userId: artist.user.user_id, guestId: null, invalidGuestSecret: false },
      { preferences: { public_profile: false } },
    );
    const hidden = await http.get("user/scored_artist/history");
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: MESSAGES.profileNotFound });
    expect((await http.get("user/scored_artist/history", { token: await makeUserToken(server.deps) })).status).toBe(404);
    expect(await historyItem("user/me/history", artist.access_token)).toMatchObject({ score: 9 });
  });

  it("records each score in the audit log with the song and the score", async () => {
    const playing = await song();
    await score(playing.id, { score: 3 });
    await score(playing.id, { score: 5, note: "Better on a second listen" });
    const records = (await http.get(`audit/admin?action=entry.scored&entry_id=${playing.id}`, { token })).body.records;
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ action: "entry.scored", entry_label: "Glass Harbour by " + playing.artist_name, details: { score: 5, previous_score: 3 } });
  });

  it("gives a session's average score and its best-scored songs, best first", async () => {
    const started = await http.post("analytics/sessions/start", { token, json: { name: "Review night" } });
    const sessionId = started.body.session_id as string;
    const titles = ["First", "Second", "Third"];
    for (const [index, title] of titles.entries()) {
      const playing = await song("active", title);
      clock.advance(60_000);
      expect((await http.delete(`active-queuer/${artist.user.user_id}?is_played=true`, { token })).status).toBe(200);
      await server.deps.services.outbox.runDue();
      if (index < 2) await score(playing.id, { score: [6, 9][index]! });
    }
    const session = (await http.get(`analytics/sessions/${sessionId}`, { token })).body;
    expect(session.average_score).toBe(7.5);
    expect(session.top_scored.map((play: { track_title: string; score: number }) => [play.track_title, play.score])).toEqual([
      ["Second", 9],
      ["First", 6],
    ]);
    expect(session.submissions_data.map((play: { score: number | null }) => play.score)).toEqual([6, 9, null]);
  });
});
