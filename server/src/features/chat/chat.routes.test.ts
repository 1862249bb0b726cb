import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, startRouteTestApp, type TestApp, useTwoOpenInstances } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { makeAdmin, makeSubmission, makeUserToken, TEST_SYSTEM, openEmptyQueue } from "../../test/factories";

const UNKNOWN = "This chat command link is not valid any more. Ask the host for the new one.";

describeEachDatabase("chat commands", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  let secret: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_CHAT_MAX: "1000" } }));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await openEmptyQueue(server.deps);
    secret = (await http.post("chat/admin/secret", { token })).body.secret;
  });

  /** The line a bot would post, checked to be one plain-text line a bot takes. */
  async function say(command: string, query = "", key = secret): Promise<{ status: number; line: string }> {
    const response = await fetch(`${server.baseUrl}/chat/${key}/${command}${query}`);
    const line = await response.text();
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.length).toBeLessThan(400);
    return { status: response.status, line };
  }

  it("answers !song, !next and !queue from the live queue", async () => {
    expect((await say("song")).line).toBe("Nothing is playing right now.");
    expect((await say("next")).line).toBe("Nothing is up next: the queue is empty.");
    expect((await say("queue")).line).toMatch(/^The queue is empty: a request now plays next\. Join at http:\/\/.+\/queue$/);
    await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString(), track_title: "Blue", artist_name: "Joni", youtube_username: "Mia" });
    await makeSubmission(server.deps, { track_title: "Hurt", artist_name: "Cash", youtube_username: "Leo", username: "leo" });
    await makeSubmission(server.deps, { track_title: "Jolene", artist_name: "Dolly", youtube_username: "Ana", username: "ana" });
    expect(await say("song")).toEqual({ status: 200, line: 'Now playing: "Blue" by Joni, requested by Mia.' });
    expect((await say("next")).line).toBe('Up next: "Hurt" by Cash, requested by Leo.');
    expect((await say("queue")).line).toMatch(/^The queue has 2 songs waiting, about \d+ min for a new request\. Join at http:\/\/.+\/queue$/);
  });

  it("answers !position by username in any case, with or without @, and kindly for anyone else", async () => {
    await makeSubmission(server.deps, { track_title: "Hurt", youtube_username: "Leo", username: "leo" });
    await makeSubmission(server.deps, { track_title: "Jolene", youtube_username: "Ana", username: "ana" });
    expect((await say("position", "?name=ANA")).line).toMatch(/^Song of Ana: #2 in the queue, about \d+ min to go\.$/);
    expect((await say("position", "?name=%40leo")).line).toMatch(/^Song of Leo: #1 in the queue/);
    expect(await say("position", "?name=nobody")).toEqual({ status: 200, line: "No song from nobody in the queue right now." });
    expect((await say("position")).line).toBe("Add a name after the command, like !position yourname.");
    expect((await say("position", `?name=${"x".repeat(1500)}`)).status).toBe(200);
  });

  it("answers !link with the queue page, and says when the queue is closed", async () => {
    expect((await say("link")).line).toMatch(/^Send your song at http:\/\/.+\/queue$/);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    expect((await say("link")).line).toMatch(/^The queue is closed right now/);
    expect((await say("queue")).line).toBe("The queue is closed right now. 0 songs waiting.");
  });

  it("keeps a long title within one chat line", async () => {
    await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString(), track_title: "T".repeat(200), artist_name: "A".repeat(200) });
    const { line } = await say("song");
    expect(line.endsWith("…")).toBe(true);
  });

  it("answers an unknown or rotated secret with a plain one-line 404", async () => {
    expect(await say("song", "", "not-the-secret")).toEqual({ status: 404, line: UNKNOWN });
    const rotated = await http.post("chat/admin/secret", { token });
    expect(rotated.body.secret).not.toBe(secret);
    expect(await say("song", "", secret)).toEqual({ status: 404, line: UNKNOWN });
    expect((await say("song", "", rotated.body.secret)).status).toBe(200);
    expect((await http.get("chat/admin/secret", { token })).body).toMatchObject({ secret: rotated.body.secret });
  });

  it("keeps the secret to admins and records each rotation in the audit log", async () => {
    const userToken = await makeUserToken(server.deps);
    for (const [method, options] of [
      ["GET", {}],
      ["POST", {}],
      ["GET", { token: userToken }],
      ["POST", { token: userToken }],
    ] as const) {
      expect((await http.request(method, "chat/admin/secret", options)).status).toBe(401);
    }
    const audit = await http.get("audit/admin?action=chat_secret.rotated", { token });
    expect(audit.body.records.length).toBeGreaterThan(0);
  });
});

describeEachDatabase("chat commands: the limits", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_CHAT_MAX: "2" } });
  });
  afterAll(() => server.close());

  /** Over a limit, the answer is still one plain sentence a bot can post, with Retry-After. */
  async function expectPlainTooMany(response: Response): Promise<void> {
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.text()).toMatch(/^Too many chat commands right now: try again in (a second|\d+ seconds)\.$/);
  }

  it("counts each secret on its own and answers over the limit with a plain sentence", async () => {
    const token = (await makeAdmin(server.deps)).accessToken;
    const { secret } = (await httpClient(server.baseUrl).post("chat/admin/secret", { token })).body;
    const responses = [];
    for (let i = 0; i < 3; i += 1) responses.push(await fetch(`${server.baseUrl}/chat/${secret}/song`));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 429]);
    await expectPlainTooMany(responses[2]!);
  });

  it("limits the answers to unknown secrets per address, whatever secret is tried", async () => {
    const tries = [];
    for (const guess of ["guess-a", "guess-b", "guess-c"]) tries.push(await fetch(`${server.baseUrl}/chat/${guess}/queue`));
    expect(tries.map((r) => r.status)).toEqual([404, 404, 429]);
    expect(await tries[0]!.text()).toBe(UNKNOWN);
    await expectPlainTooMany(tries[2]!);
  });
});

describeEachDatabase("chat commands across two instances sharing one database and Redis", (dialect) => {
  const instances = useTwoOpenInstances(dialect);

  it("stops taking a secret on one instance once it was rotated through the other", async () => {
    const { a, b } = instances;
    const token = (await makeAdmin(a.deps)).accessToken;
    const first = (await httpClient(a.baseUrl).post("chat/admin/secret", { token })).body.secret;
    const songOnB = async (key: string) => (await fetch(`${b.baseUrl}/chat/${key}/song`)).status;
    // B has read (and keeps) the first secret before it is rotated.
    await expect.poll(() => songOnB(first)).toBe(200);

    const rotated = (await httpClient(a.baseUrl).post("chat/admin/secret", { token })).body.secret;
    await expect.poll(() => songOnB(first)).toBe(404);
    expect(await songOnB(rotated)).toBe(200);
  });
});
