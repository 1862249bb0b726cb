import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { VOTE_MESSAGES } from "@common/votes";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeSubmission, resetQueue, TEST_SYSTEM } from "../../test/factories";
import { createTestUser, type TestUser } from "../../test/users";
import { connectSocket } from "../../test/live";

describeEachDatabase("votes in the live session", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  let member: TestUser;

  beforeAll(async () => {
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    for (const table of ["votes", "vote_usage", "analytics_session_plays", "analytics_sessions", "outbox"] as const) await server.deps.db.deleteFrom(table).execute();
    await server.deps.services.settings.reset(TEST_SYSTEM, "votesPerSession");
    member = await createTestUser(server.deps);
  });

  const startSession = async () => {
    const started = await http.post("analytics/sessions/start", { token: adminToken, json: { name: "Friday show" } });
    expect(started.status).toBe(201);
    return started.body.session_id as string;
  };
  /** The host plays a song (Now Playing, then off it as played) and the outbox counts it in the session. */
  const play = async (values: { user_id?: string; owner_id?: string } = {}) => {
    const { row } = await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString(), ...values });
    expect((await http.delete(`active-queuer/${row.user_id}?is_played=true`, { token: adminToken })).status).toBe(200);
    await server.deps.services.outbox.runDue();
    return row;
  };
  const vote = (id: string, token = member.access_token) => http.post(`votes/session/current/played/${id}`, { token });
  const unvote = (id: string, token = member.access_token) => http.delete(`votes/session/current/played/${id}`, { token });
  const usage = async (token = member.access_token) => (await http.get("votes/session/current/usage", { token })).body;
  const played = async (token?: string) => (await http.get("votes/session/current/played", { token })).body;

  describe("with no live session", () => {
    it("lists nothing, says voting is closed and refuses a vote with 409", async () => {
      expect(await played()).toEqual({ session_id: null, played: [] });
      expect(await usage()).toEqual({ open: false, used: 0, remaining: 3, max: 3 });
      expect(await vote("any-song")).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.noLiveSession } });
      expect(await unvote("any-song")).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.noLiveSession } });
    });

    it("hides an ended session's songs", async () => {
      const session = await startSession();
      await play();
      expect((await played()).played).toHaveLength(1);
      expect((await http.post(`analytics/sessions/end/${session}`, { token: adminToken })).status).toBe(200);
      expect(await played()).toEqual({ session_id: null, played: [] });
    });
  });

  it("lists the session's played songs in play order with their votes, for guests too", async () => {
    const session = await startSession();
    const first = await play();
    const second = await play();
    // A song played before the session, or skipped, is not in it.
    const listed = await played();
    expect(listed.session_id).toBe(session);
    expect(listed.played).toEqual([
      {
        submission_id: first.id,
        artist_name: first.artist_name,
        track_title: first.track_title,
        username: first.username,
        played_at: expect.any(String),
        votes: 0,
        voted: false,
        own: false,
      },
      {
        submission_id: second.id,
        artist_name: second.artist_name,
        track_title: second.track_title,
        username: second.username,
        played_at: expect.any(String),
        votes: 0,
        voted: false,
        own: false,
      },
    ]);
  });

  it("counts a member's vote, shows it as theirs, and gives it back when taken back", async () => {
    await startSession();
    const song = await play();
    const cast = await vote(song.id);
    expect(cast.status).toBe(201);
    expect(cast.body).toEqual({ submission_id: song.id, votes: 1, voted: true, usage: { open: true, used: 1, remaining: 2, max: 3 } });
    expect(await usage()).toEqual({ open: true, used: 1, remaining: 2, max: 3 });
    expect((await played(member.access_token)).played[0]).toMatchObject({ votes: 1, voted: true });
    // A guest sees the count, not whose vote it is.
    expect((await played()).played[0]).toMatchObject({ votes: 1, voted: false });

    const back = await unvote(song.id);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ submission_id: song.id, votes: 0, voted: false, usage: { open: true, used: 0, remaining: 3, max: 3 } });
    expect(await unvote(song.id)).toMatchObject({ status: 404, body: { detail: VOTE_MESSAGES.notVoted } });
  });

  it("refuses a second vote for the same song with 409 and counts it once", async () => {
    await startSession();
    const song = await play();
    expect((await vote(song.id)).status).toBe(201);
    expect(await vote(song.id)).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.alreadyVoted } });
    expect((await played()).played[0].votes).toBe(1);
    expect(await usage()).toMatchObject({ used: 1, remaining: 2 });
  });

  it("stops at the votesPerSession setting (3 by default) and follows a change of it", async () => {
    await startSession();
    const songs = [await play(), await play(), await play(), await play()];
    for (const song of songs.slice(0, 3)) expect((await vote(song.id)).status).toBe(201);
    expect(await vote(songs[3]!.id)).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.noVotesLeft(3) } });
    expect(await usage()).toEqual({ open: true, used: 3, remaining: 0, max: 3 });

    expect((await http.put("set/votesPerSession", { token: adminToken, json: { state: "4" } })).status).toBe(200);
    expect((await vote(songs[3]!.id)).status).toBe(201);
    expect(await usage()).toEqual({ open: true, used: 4, remaining: 0, max: 4 });
    const bad = await http.put("set/votesPerSession", { token: adminToken, json: { state: "0" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe(VOTE_MESSAGES.votesPerSessionRange);
  });

  it("never lets 10 concurrent votes of one member exceed the limit, nor 10 for one song count twice", async () => {
    await startSession();
    const songs = await Promise.all(Array.from({ length: 10 }, () => makeSubmission(server.deps, { status: "played", played_at: new Date().toISOString() })));
    // Counted in the session the way the host's Save does.
    const session = (await played()).session_id as string;
    const saved = await http.post(`analytics/sessions/save/${session}`, { token: adminToken, json: { submissions_played: songs.map((s) => s.row.id) } });
    expect(saved.body.submissions_count).toBe(10);

    const spread = await Promise.all(songs.map((song) => vote(song.row.id)));
    expect(spread.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of spread.filter((r) => r.status !== 201)) expect(refused).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.noVotesLeft(3) } });
    expect(await usage()).toEqual({ open: true, used: 3, remaining: 0, max: 3 });
    const total = (await played()).played.reduce((sum: number, song: { votes: number }) => sum + song.votes, 0);
    expect(total).toBe(3);

    const other = await createTestUser(server.deps);
    const same = await Promise.all(Array.from({ length: 10 }, () => vote(songs[0]!.row.id, other.access_token)));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of same.filter((r) => r.status !== 201)) expect(refused).toMatchObject({ status: 409, body: { detail: VOTE_MESSAGES.alreadyVoted } });
    expect(await usage(other.access_token)).toMatchObject({ used: 1, remaining: 2 });
  });

  it("refuses a song not played in this session (404) and the member's own song (403)", async () => {
    const earlier = await startSession();
    const old = await play();
    await http.post(`analytics/sessions/end/${earlier}`, { token: adminToken });
    await startSession();
    expect(await vote(old.id)).toMatchObject({ status: 404, body: { detail: VOTE_MESSAGES.notPlayed } });
    expect(await vote("no-such-song")).toMatchObject({ status: 404, body: { detail: VOTE_MESSAGES.notPlayed } });
    const mine = await play({ user_id: member.user.user_id });
    const claimed = await play({ owner_id: member.user.user_id });
    for (const song of [mine, claimed]) expect(await vote(song.id)).toMatchObject({ status: 403, body: { detail: VOTE_MESSAGES.ownSong } });
    expect((await played(member.access_token)).played.map((song: { own: boolean }) => song.own)).toEqual([true, true]);
    expect(await usage()).toMatchObject({ used: 0 });
  });

  it("refuses guests and admins with 401, and bad ids with 422", async () => {
    await startSession();
    const song = await play();
    expect(await http.get("votes/session/current/usage")).toMatchObject({ status: 401, body: { detail: MESSAGES.notAuthenticated } });
    expect(await http.post(`votes/session/current/played/${song.id}`)).toMatchObject({ status: 401, body: { detail: MESSAGES.notAuthenticated } });
    expect((await vote(song.id, adminToken)).status).toBe(401);
    expect((await http.delete(`votes/session/current/played/${song.id}`)).status).toBe(401);
    const blank = await vote("%20");
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0]).toMatchObject({ loc: ["path", "submission_id"], msg: VOTE_MESSAGES.submissionIdRequired });
    expect((await vote("x".repeat(201))).status).toBe(422);
    expect((await played()).played[0].votes).toBe(0);
  });

  it("tells every /queue socket when a song is counted or voted for", async () => {
    const socket = await connectSocket(`${server.wsUrl}/ws/public`);
    try {
      await socket.next("connection_established");
      const session = await startSession();
      expect(await socket.next("votes_update")).toEqual({ type: "votes_update", session_id: session });
      const song = await play();
      expect(await socket.next("votes_update")).toEqual({ type: "votes_update", session_id: session });
      await vote(song.id);
      expect(await socket.next("votes_update")).toEqual({ type: "votes_update", session_id: session });
    } finally {
      await socket.close();
    }
  });
});
