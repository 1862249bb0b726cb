import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import { describeEachDatabase, startTestApp, startRouteTestApp, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { makeSubmission, makeUserToken, TEST_SYSTEM, openEmptyQueue, submissionForm } from "../../test/factories";
import { createTestUser } from "../../test/users";

const TEST_ENV = { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" };

const form = (i: number | string, values: Record<string, unknown> = {}) => submissionForm(i, { username: `channel${i}`, message: `Note ${i}`, ...values });

describeEachDatabase("queue: submitting", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  beforeAll(async () => {
    ({ server, http } = await startRouteTestApp(dialect, { env: TEST_ENV }));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  const submit = (json: unknown, options: { headers?: Record<string, string>; token?: string; query?: string } = {}) =>
    http.post(`queuer/${options.query ?? ""}`, { json, headers: options.headers, token: options.token });

  it("gives a new guest an identity and its secret once, and lists the entry in Waiting without it", async () => {
    const response = await submit(form(1));
    expect(response.status).toBe(201);
    const { queuer, user, guest_secret } = response.body;
    expect(user).toEqual({ user_id: queuer.user_id, username: "channel1", is_guest: true });
    expect(user.user_id).toMatch(/^guest_/);
    expect(typeof guest_secret).toBe("string");
    expect(guest_secret.length).toBeGreaterThan(30);
    expect(queuer).toMatchObject({
      artist_name: "Artist 1",
      track_title: "Track 1",
      youtube_username: "Channel1",
      username: "channel1",
      link: "https://example.com/song-1",
      message: "Note 1",
      status: "waiting",
      on_hold: false,
      priority_level: 0,
      owner_id: null,
    });
    expect(queuer.id.length).toBeGreaterThan(10);

    const list = await http.get("queuer/queue");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([queuer]);
    expect(JSON.stringify(list.body)).not.toContain(guest_secret);
  });

  it("applies the submit rules: trimmed text, Empty! for blanks, Anonymous and a lowercased username", async () => {
    const response = await submit({ artist_name: "   ", track_title: "  Song  ", youtube_username: "", username: "", link: "  https://example.com/x  ", message: " " });
    expect(response.status).toBe(201);
    expect(response.body.queuer).toMatchObject({
      artist_name: "Empty!",
      track_title: "Song",
      youtube_username: "Anonymous",
      username: "anonymous",
      link: "https://example.com/x",
      message: "Empty!",
    });
    const named = await submit(form(2, { youtube_username: " MixedCase " }));
    expect(named.body.queuer).toMatchObject({ youtube_username: "MixedCase", username: "mixedcase" });
  });

  it("keeps a returning guest's identity and refuses a second live entry", async () => {
    const first = await submit(form(1));
    const secret = first.body.guest_secret;
    const again = await submit(form(2), { headers: { "X-Guest-Secret": secret } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "You already have a submission in the queue" });

    await http.delete(`queuer/${first.body.user.user_id}`, { headers: { "X-Guest-Secret": secret } });
    const back = await submit(form(3), { headers: { "X-Guest-Secret": secret } });
    expect(back.status).toBe(201);
    expect(back.body.user.user_id).toBe(first.body.user.user_id);
    expect(back.body.guest_secret).toBeUndefined();
  });

  it("treats an empty guest secret header as a new guest", async () => {
    const response = await submit(form(1), { headers: { "X-Guest-Secret": "" } });
    expect(response.status).toBe(201);
    expect(typeof response.body.guest_secret).toBe("string");
  });

  it("refuses a guest secret that belongs to nobody", async () => {
    const response = await submit(form(1), { headers: { "X-Guest-Secret": "made-up-secret" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: "Guest credential is not valid" });
    expect((await http.get("queuer/queue")).body).toEqual([]);
  });

  it("submits a signed-in user as their account", async () => {
    const token = await makeUserToken(server.deps, "account-42");
    const response = await submit(form(1), { token });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({ user_id: "account-42", username: "channel1", is_guest: false });
    expect(response.body.queuer).toMatchObject({ user_id: "account-42", owner_id: "account-42" });
    expect(response.body.guest_secret).toBeUndefined();
    expect((await submit(form(2), { token })).status).toBe(409);
  });

  it("refuses submissions while the queue is closed, and while submissions are paused", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    const closed = await submit(form(1));
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ detail: "Queue is closed. Try again when it opens." });

    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "false");
    const paused = await submit(form(1));
    expect(paused.status).toBe(400);
    expect(paused.body).toEqual({ detail: "Submissions are paused right now. Try again soon." });
    expect((await http.get("queuer/queue")).body).toEqual([]);
  });

  it("refuses a link already in the queue only when asked not to bypass duplicates", async () => {
    await submit(form(1, { link: "https://example.com/same" }));
    const refused = await submit(form(2, { link: "https://example.com/same" }), { query: "?bypass_duplicates=false" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: "This link is already in the queue" });
    expect((await submit(form(3, { link: "https://example.com/same" }))).status).toBe(201);
    const wrong = await submit(form(4), { query: "?bypass_duplicates=perhaps" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(["query", "bypass_duplicates"]);
  });

  it("refuses a Fast Pass level without a token of that tier, and a level that is not a tier", async () => {
    const token = await makeUserToken(server.deps);
    const level = await submit(form(1), { token, headers: { "X-FastPass-Level": "2" } });
    expect(level.status).toBe(400);
    expect(level.body).toEqual({ detail: "You have no VIP Fast Pass left" });
    const bad = await submit(form(1), { token, headers: { "X-FastPass-Level": "7" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["header", "x-fastpass-level"]);
    expect((await submit(form(1), { token, headers: { "X-FastPass-Level": "0" } })).status).toBe(201);
  });

  describe("bad input", () => {
    const cases: [string, Record<string, unknown>, (string | number)[]][] = [
      ["an overlong artist name", { artist_name: "a".repeat(TEXT_FIELD_MAX_LENGTH + 1) }, ["body", "artist_name"]],
      ["an overlong track title", { track_title: "t".repeat(TEXT_FIELD_MAX_LENGTH + 1) }, ["body", "track_title"]],
      ["an overlong channel name", { youtube_username: "y".repeat(TEXT_FIELD_MAX_LENGTH + 1) }, ["body", "youtube_username"]],
      ["an overlong username", { username: "u".repeat(TEXT_FIELD_MAX_LENGTH + 1) }, ["body", "username"]],
      ["an overlong note", { message: "m".repeat(MESSAGE_MAX_LENGTH + 1) }, ["body", "message"]],
      ["an overlong link", { link: `https://example.com/${"l".repeat(LINK_MAX_LENGTH)}` }, ["body", "link"]],
      ["a number for the artist", { artist_name: 12 }, ["body", "artist_name"]],
      ["an object for the title", { track_title: { $gt: "" } }, ["body", "track_title"]],
      ["a list for the note", { message: ["a"] }, ["body", "message"]],
      ["no link", { link: undefined }, ["body", "link"]],
      ["a blank link", { link: "   " }, ["body", "link"]],
      ["a link that is not a URL", { link: "my song" }, ["body", "link"]],
      ["a javascript: link", { link: "javascript:alert(1)" }, ["body", "link"]],
      ["an ftp link", { link: "ftp://example.com/song.mp3" }, ["body", "link"]],
    ];
    it.each(cases)("answers 422 naming the field for %s", async (_name, values, loc) => {
      const response = await submit(form(1, values));
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(loc);
      expect(typeof response.body.detail[0].msg).toBe("string");
    });

    it("accepts the pending e-mail link of a failed upload, but no made-up local path", async () => {
      const pending = await submit(form(1, { link: "file:/uploads/pending-email", message: "File comes by e-mail" }));
      expect(pending.status).toBe(201);
      expect(pending.body.queuer).toMatchObject({ link: "file:/uploads/pending-email", file_key: null, file_status: null });
      for (const link of ["file:/uploads/../../etc/passwd", "file:/uploads/0123456789abcdef0123456789abcdef"]) {
        const madeUp = await submit(form(2, { link }));
        expect(madeUp.status).toBe(422);
        expect(madeUp.body.detail[0].loc).toEqual(["body", "link"]);
      }
    });

    it("says the link is required in the spec's words", async () => {
      const response = await submit(form(1, { link: "" }));
      expect(response.body.detail[0]).toMatchObject({ loc: ["body", "link"], msg: "Song link is required when not using file submission" });
    });

    it("answers 422 for a body that is not an object, and 400 for broken JSON", async () => {
      expect((await submit(["a"])).status).toBe(422);
      const broken = await http.request("POST", "queuer/", { headers: { "content-type": "application/json" } });
      expect(broken.status).toBe(400);
      expect((await http.get("queuer/queue")).body).toEqual([]);
    });

    it("stores script tags as plain text and serves them only as JSON", async () => {
      const script = "<script>alert('x')</script>";
      const response = await submit(form(1, { artist_name: script, message: `<img src=x onerror=alert(1)>` }));
      expect(response.status).toBe(201);
      const list = await http.get("queuer/queue");
      expect(list.headers.get("content-type")).toMatch(/^application\/json/);
      expect(list.body[0]).toMatchObject({ artist_name: script, message: "<img src=x onerror=alert(1)>" });
    });
  });

  it("leaves exactly one entry when the same guest submits 20 times at once", async () => {
    const { guest_secret } = (await submit(form(0))).body;
    await http.delete(`queuer/${(await http.get("queuer/queue")).body[0].user_id}`, { headers: { "X-Guest-Secret": guest_secret } });

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(form(i), { headers: { "X-Guest-Secret": guest_secret } })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.detail).toBe("You already have a submission in the queue");
    expect((await http.get("queuer/queue")).body).toHaveLength(1);
  });

  it("leaves one entry each when 20 different guests submit at once", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(form(i))));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const list = (await http.get("queuer/queue")).body as { user_id: string }[];
    expect(new Set(list.map((e) => e.user_id)).size).toBe(20);
  });

  it("answers a submitter's live entry by user id or entry id, and 404 otherwise", async () => {
    const { row } = await makeSubmission(server.deps);
    expect((await http.get(`queuer/${row.user_id}`)).body).toMatchObject({ id: row.id, user_id: row.user_id });
    expect((await http.get(`queuer/${row.id}`)).body).toMatchObject({ id: row.id });
    const missing = await http.get("queuer/nobody-here");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Submission not found" });
  });
});

describeEachDatabase("queue: whose profile an entry opens", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  beforeAll(async () => {
    ({ server, http } = await startRouteTestApp(dialect, { env: TEST_ENV }));
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(() => server.close());

  it("names a member's public profile on their entry, and nothing for a guest or a private profile", async () => {
    const open = await createTestUser(server.deps, { username: "open_member" });
    const hidden = await createTestUser(server.deps, { username: "hidden_member", publicProfile: false });
    const mine = await http.post("queuer/", { json: form("open", { youtube_username: "SomeChannel" }), token: open.access_token });
    expect(mine.body.queuer.profile_username).toBe("open_member");
    await http.post("queuer/", { json: form("hidden"), token: hidden.access_token });
    await http.post("queuer/", { json: form("guest") });

    const list = await http.get("queuer/queue");
    const profileOf = (artist: string) => list.body.find((entry: { artist_name: string }) => entry.artist_name === artist)?.profile_username;
    expect(profileOf("Artist open")).toBe("open_member");
    expect(profileOf("Artist hidden")).toBeNull();
    expect(profileOf("Artist guest")).toBeNull();
  });
});

describeEachDatabase("queue: submission rate limit", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_SUBMIT_MAX: "2", RATE_LIMIT_SUBMIT_WINDOW_SECONDS: "60" } });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(() => server.close());

  it("answers 429 with a retry time once a client has submitted too often", async () => {
    const http = httpClient(server.baseUrl);
    expect((await http.post("queuer/", { json: form(1) })).status).toBe(201);
    expect((await http.post("queuer/", { json: form(2) })).status).toBe(201);
    const limited = await http.post("queuer/", { json: form(3) });
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await http.get("queuer/queue")).body).toHaveLength(2);
  });
});
