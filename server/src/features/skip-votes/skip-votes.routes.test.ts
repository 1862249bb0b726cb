import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { SKIP_VOTE_MESSAGES } from "@common/skip-votes";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeSubmission, makeUserToken, resetQueue, TEST_SYSTEM } from "../../test/factories";
import { connectSocket, type TestSocket } from "../../test/live";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describeEachDatabase("votes to skip the song Now Playing", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  let chatSecret: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_API_MAX: "100000", RATE_LIMIT_CHAT_MAX: "100000" } }));
    chatSecret = (await http.post("chat/admin/secret", { token: adminToken })).body.secret;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    while (sockets.length > 0) await sockets.pop()!.close();
    await resetQueue(server.deps);
    for (const table of ["skip_votes", "analytics_session_plays", "analytics_sessions", "outbox"] as const) await server.deps.db.deleteFrom(table).execute();
    await server.deps.services.settings.set(TEST_SYSTEM, "skipVoteThreshold", "3");
  });

  const members = (count: number) => Promise.all(Array.from({ length: count }, () => makeUserToken(server.deps)));
  const vote = (submissionId: string, token: string) => http.post("skip-votes", { token, json: { submission_id: submissionId } });
  const current = async (token?: string) => (await http.get("skip-votes/current", { token })).body;
  const nowPlaying = async () => ((await http.get("active-queuer/queue/admin", { token: adminToken })).body as { id: string }[]).map((entry) => entry.id);
  const setThreshold = (state: string) => http.put("set/skipVoteThreshold", { token: adminToken, json: { state } });
  /** A song playing and two waiting behind it. */
  async function showWithThreeSongs() {
    const playing = (await makeSubmission(server.deps, { status: "active", activated_at: ago(60) })).row;
    const next = (await makeSubmission(server.deps)).row;
    const after = (await makeSubmission(server.deps)).row;
    return { playing, next, after };
  }

  it("counts one vote per member however often they click, even twenty members at once", async () => {
    await setThreshold("100");
    const { playing } = await showWithThreeSongs();
    const tokens = await members(20);
    // Every member clicks twice at the same moment (two tabs).
    const answers = await Promise.all([...tokens, ...tokens].map((token) => vote(playing.id, token)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    expect(await current(tokens[0])).toEqual({ submission_id: playing.id, votes: 20, needed: 100, voted: true, skipped: false });
    expect(await current()).toMatchObject({ votes: 20, voted: false });
    expect(await nowPlaying()).toEqual([playing.id]);
  });

  it("skips exactly one song when the last votes arrive at once, recorded as skipped in the live session", async () => {
    const session = (await http.post("analytics/sessions/start", { token: adminToken, json: { name: "Friday show" } })).body.session_id as string;
    const { playing, next, after } = await showWithThreeSongs();
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    sockets.push(viewer);
    const answers = await Promise.all((await members(8)).map((token) => vote(playing.id, token)));
    const refused = answers.filter((answer) => answer.status !== 201);
    // Votes that arrive after the skip are for a song no longer playing.
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { detail: SKIP_VOTE_MESSAGES.notPlaying } });
    expect(answers.filter((answer) => answer.body.skipped === true)).toHaveLength(1);
    expect(await nowPlaying()).toEqual([next.id]);
    const waiting = ((await http.get("queuer/queue/admin", { token: adminToken })).body as { id: string }[]).map((entry) => entry.id);
    expect(waiting).toEqual([after.id]);
    // Viewers see the count climb to the threshold (more votes may land in the same instant).
    expect(await viewer.next("skip_votes_update", (message) => message.votes >= 3)).toMatchObject({ submission_id: playing.id, needed: 3 });

    await server.deps.services.outbox.runDue();
    const saved = (await http.get(`analytics/sessions/${session}`, { token: adminToken })).body;
    expect(saved).toMatchObject({ submissions_count: 1, skipped_count: 1 });
    expect(saved.submissions_data).toEqual([expect.objectContaining({ submission_id: playing.id, skipped: true })]);
  });

  it("refuses a vote for a song no longer playing, with a sentence", async () => {
    const { playing, next } = await showWithThreeSongs();
    expect((await http.post("active-queuer/play-next", { token: adminToken, json: { current_id: playing.id } })).status).toBe(200);
    const [token] = await members(1);
    expect(await vote(playing.id, token!)).toMatchObject({ status: 409, body: { detail: SKIP_VOTE_MESSAGES.notPlaying } });
    expect(await current(token)).toEqual({ submission_id: next.id, votes: 0, needed: 3, voted: false, skipped: false });
  });

  it("asks a share of the viewers connected, at least one vote", async () => {
    await setThreshold("50%");
    const { playing, next } = await showWithThreeSongs();
    for (let i = 0; i < 4; i += 1) sockets.push(await connectSocket(`${server.wsUrl}/ws/public`));
    expect(await current()).toMatchObject({ submission_id: playing.id, votes: 0, needed: 2 });
    const [first, second] = await members(2);
    expect((await vote(playing.id, first!)).body).toMatchObject({ votes: 1, needed: 2, skipped: false });
    expect((await vote(playing.id, second!)).body).toMatchObject({ votes: 2, needed: 2, skipped: true });
    expect(await nowPlaying()).toEqual([next.id]);
    while (sockets.length > 0) await sockets.pop()!.close();
    await expect.poll(async () => (await current()).needed).toBe(1);
  });

  it("refuses every vote while skip votes are off, and guests may not vote", async () => {
    const { playing } = await showWithThreeSongs();
    expect((await setThreshold("0")).status).toBe(422);
    expect((await setThreshold("off")).status).toBe(200);
    const [token] = await members(1);
    expect(await vote(playing.id, token!)).toMatchObject({ status: 409, body: { detail: SKIP_VOTE_MESSAGES.off } });
    expect(await current()).toEqual({ submission_id: playing.id, votes: 0, needed: null, voted: false, skipped: false });
    expect(await http.post("skip-votes", { json: { submission_id: playing.id } })).toMatchObject({ status: 401, body: { detail: MESSAGES.notAuthenticated } });
    expect(await http.post("skip-votes", { token: token!, json: {} })).toMatchObject({ status: 422 });
  });

  /** `!skip` as Nightbot calls it for a Twitch viewer. */
  async function skipFromChat(viewerId: string, name: string): Promise<string> {
    const user = new URLSearchParams({ name: name.toLowerCase(), displayName: name, provider: "twitch", providerId: viewerId, userLevel: "everyone" }).toString();
    const response = await fetch(`${server.baseUrl}/chat/${chatSecret}/skip`, { headers: { "nightbot-user": user } });
    expect(response.status).toBe(200);
    return response.text();
  }

  it("counts !skip from chat once per chat identity, whatever name it uses, and the last one skips", async () => {
    const { playing, next } = await showWithThreeSongs();
    expect(await skipFromChat("8001", "Mia")).toBe(`Skip vote from Mia counted: 1 / 3 to skip "${playing.track_title}".`);
    expect(await skipFromChat("8001", "MiaRenamed")).toBe(`Already counted: MiaRenamed voted to skip "${playing.track_title}" before (1 / 3).`);
    expect(await skipFromChat("8002", "Leo")).toBe(`Skip vote from Leo counted: 2 / 3 to skip "${playing.track_title}".`);
    const [member] = await members(1);
    expect((await vote(playing.id, member!)).body).toMatchObject({ votes: 3, skipped: true });
    expect(await nowPlaying()).toEqual([next.id]);
    expect(await skipFromChat("8001", "Mia")).toBe(`Skip vote from Mia counted: 1 / 3 to skip "${next.track_title}".`);
    await setThreshold("off");
    expect(await skipFromChat("8002", "Leo")).toBe(SKIP_VOTE_MESSAGES.off);
  });
});
