import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { YOUTUBE_CHAT_MESSAGES } from "@common/youtube-chat";
import { startFakeGoogle, type FakeGoogle } from "../../test/fake-google";
import { startFakeYoutubeChat, type FakeChatAuthor, type FakeYoutubeChat } from "../../test/fake-youtube-chat";
import { describeEachDatabase, startRouteTestApp, startTwoInstancesOverRedis, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { openEmptyQueue, submissionForm, TEST_SYSTEM } from "../../test/factories";
import { waitingNames } from "../../test/twitch";

const song = (n: number) => `https://www.youtube.com/watch?v=ytchat${String(n).padStart(5, "0")}`;
const viewer = (n: number): FakeChatAuthor => ({ channelId: `UCviewer${String(n).padStart(16, "0")}`, displayName: `Viewer${n}` });

/** The host's whole connect: the admin asks for Google's page, Google sends the browser back to the callback. Returns where it lands. */
async function connectYoutube(http: HttpClient, token: string): Promise<URL> {
  const started = await http.post("/admin/youtube-chat/connect", { token });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}: ${JSON.stringify(started.body)}`);
  const atGoogle = await fetch(started.body.authorize_url, { redirect: "manual" });
  const back = await fetch(atGoogle.headers.get("location")!, { redirect: "manual" });
  return new URL(back.headers.get("location")!);
}

describeEachDatabase("The YouTube live chat connection", (dialect) => {
  let google: FakeGoogle;
  let youtube: FakeYoutubeChat;
  let a: TestApp;
  let b: TestApp;
  let http: HttpClient;
  let token: string;

  /** One look by each instance, as their loops would take them. */
  const lookOnBoth = async () => {
    await a.deps.services.youtubeChatReader.step();
    await b.deps.services.youtubeChatReader.step();
  };
  const status = async () => (await http.get("/admin/youtube-chat", { token })).body;
  const listCalls = () => youtube.requests.filter((url) => url.pathname.endsWith("/liveChat/messages")).length;

  beforeAll(async () => {
    google = await startFakeGoogle();
    youtube = await startFakeYoutubeChat({ clientId: google.clientId, clientSecret: google.clientSecret });
    // ID tokens come from the fake Google; the consent page, tokens and the YouTube API from the fake YouTube.
    ({ a, b } = await startTwoInstancesOverRedis(dialect, { ...google.env, ...youtube.env }));
    http = httpClient(a.baseUrl);
    token = (await createTestAdmin(a.deps)).accessToken;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await youtube.close();
    await google.close();
  });
  beforeEach(async () => {
    await openEmptyQueue(a.deps);
    await a.deps.db.deleteFrom("bans").execute();
    await a.deps.events.emit("bans.changed", { ban_id: "all" });
    youtube.inserted.length = 0;
    youtube.failures.length = 0;
  });

  it("says YouTube chat is not configured on a server without Google's client", async () => {
    const bare = await startRouteTestApp(dialect);
    try {
      expect((await bare.http.get("/admin/youtube-chat", { token: bare.token })).body).toEqual({
        state: "not_configured",
        reason: YOUTUBE_CHAT_MESSAGES.notConfigured,
        channel: null,
      });
      expect(await bare.http.post("/admin/youtube-chat/connect", { token: bare.token })).toMatchObject({ status: 400, body: { detail: YOUTUBE_CHAT_MESSAGES.notConfigured } });
    } finally {
      await bare.server.close();
    }
  });

  it("refuses the connection to anyone but an admin", async () => {
    expect((await httpClient(a.baseUrl).get("/admin/youtube-chat")).status).toBe(401);
    expect((await httpClient(a.baseUrl).post("/admin/youtube-chat/connect")).status).toBe(401);
  });

  it("says why when the host unticks the YouTube permission on Google's page", async () => {
    youtube.nextAuthorize = { channel: { id: "UCstreamer000000000000", title: "Streamer" }, grantScopes: ["openid"] };
    expect((await connectYoutube(http, token)).searchParams.get("youtube")).toBe("connected");
    expect(await status()).toMatchObject({ state: "stopped", reason: YOUTUBE_CHAT_MESSAGES.missingScope });
    await lookOnBoth();
    expect(listCalls()).toBe(0);
  });

  it("connects the channel with its tokens encrypted, and says when the stream is offline", async () => {
    youtube.nextAuthorize = { channel: { id: "UCstreamer000000000000", title: "Streamer" } };
    const landed = await connectYoutube(http, token);
    expect(`${landed.pathname}?${landed.searchParams}`).toBe("/admin/chat-commands?youtube=connected");
    const stored = await a.database.db.selectFrom("youtube_chat_connection").selectAll().executeTakeFirstOrThrow();
    expect(stored.access_token).toMatch(/^v1\./);
    expect(stored.refresh_token).toMatch(/^v1\./);
    expect(await status()).toEqual({ state: "connecting", reason: null, channel: { id: "UCstreamer000000000000", title: "Streamer" } });

    youtube.broadcast = null;
    await lookOnBoth();
    expect(await status()).toMatchObject({ state: "offline", reason: YOUTUBE_CHAT_MESSAGES.streamOffline });
  });

  it("reads the chat on one instance only, and leaves the chat's history alone", async () => {
    youtube.broadcast = { liveChatId: "chat-1", ended: false };
    youtube.say(viewer(1), `!sr ${song(1)}`);
    const before = listCalls();
    await lookOnBoth();
    expect([a.deps.services.youtubeChatReader.isReading, b.deps.services.youtubeChatReader.isReading].filter(Boolean)).toHaveLength(1);
    expect(listCalls() - before).toBe(1);
    expect(await status()).toMatchObject({ state: "connected", reason: null });
    expect(await waitingNames(a)).toEqual([]);
    expect(youtube.inserted).toEqual([]);
  });

  it("queues a chat !sr once under the viewer's YouTube identity and answers it in chat, though YouTube lists it twice", async () => {
    const id = youtube.say({ ...viewer(2), isChatSponsor: true }, `!sr ${song(2)}`);
    youtube.say({ ...viewer(2), isChatSponsor: true }, `!sr ${song(2)}`, id);
    youtube.say(viewer(3), "hello everyone");
    await lookOnBoth();
    expect(await waitingNames(a)).toEqual(["viewer2"]);
    const entry = (await a.deps.services.queue.list("waiting")).entries[0]!;
    const identity = await a.deps.db
      .selectFrom("chat_identities")
      .selectAll()
      .where("platform", "=", "youtube")
      .where("platform_user_id", "=", viewer(2).channelId)
      .executeTakeFirstOrThrow();
    const row = await a.deps.db.selectFrom("submissions").select(["user_id", "link"]).where("id", "=", entry.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: identity.id, link: song(2) });
    expect(youtube.inserted).toEqual([{ liveChatId: "chat-1", text: expect.stringMatching(/^@Viewer2: queued your song at #1/) }]);

    // The same page read again by the other instance (after a handover) queues and answers nothing more.
    const other = a.deps.services.youtubeChatReader.isReading ? b : a;
    const message = { id, text: `!sr ${song(2)}`, channelId: viewer(2).channelId, displayName: "Viewer2", isChatOwner: false, isChatModerator: false, isChatSponsor: true };
    await other.deps.services.youtubeChatRequests.onMessage(message, async (line) => void youtube.inserted.push({ liveChatId: "chat-1", text: line }));
    expect(await waitingNames(a)).toEqual(["viewer2"]);
    expect(youtube.inserted).toHaveLength(1);
  });

  it("takes a page full of requests side by side, and each viewer's messages in the order they were sent", async () => {
    const raid = Array.from({ length: 30 }, (_, index) => 20 + index);
    for (const n of raid) {
      youtube.say(viewer(n), `!sr ${song(n)}`);
      // One of them asks for a song and takes it back at once: the second waits for the first.
      if (n === 30) {
        youtube.say(viewer(60), `!sr ${song(60)}`);
        youtube.say(viewer(60), "!wrongsong");
      }
    }
    await lookOnBoth();
    expect((await waitingNames(a)).sort()).toEqual(raid.map((n) => `viewer${n}`).sort());
    const lines = youtube.inserted.map((line) => line.text);
    expect(lines.filter((line) => /: queued your song at #\d+/.test(line))).toHaveLength(31);
    expect(lines).toContainEqual(expect.stringMatching(/^@Viewer60: took ".*" out of the queue\.$/));
  });

  it("applies a ban to the YouTube chat identity, whatever name it shows", async () => {
    await a.deps.services.moderation.ban(TEST_SYSTEM, { kind: "chat", value: `youtube:${viewer(4).channelId}`, reason: "spam" });
    youtube.say({ ...viewer(4), displayName: "Renamed" }, `!sr ${song(4)}`);
    await lookOnBoth();
    expect(await waitingNames(a)).toEqual([]);
    expect(youtube.inserted.map((line) => line.text)).toEqual(["@Renamed: you can't request songs here: the host has banned you."]);
  });

  it("leaves one entry for a viewer who requests in chat and on the web, signed in with Google and the same channel", async () => {
    const channel = { id: viewer(5).channelId, title: "Viewer5" };
    youtube.say(viewer(5), `!sr ${song(5)}`);
    await lookOnBoth();
    expect(await waitingNames(a)).toEqual(["viewer5"]);
    const credential = await google.signIdToken({ sub: "google-viewer-5", email: "viewer5@gmail.com", email_verified: true, name: "Viewer Five" });
    const signedIn = await http.post("auth/google/token-exchange", {
      json: { credential, access_token: youtube.issueAccessToken(channel, ["https://www.googleapis.com/auth/youtube.readonly"]) },
    });
    expect(signedIn.body).toMatchObject({ youtube_connected: true });
    const web = await http.post("queuer/", { json: submissionForm("web5"), token: signedIn.body.access_token });
    expect(web.status).toBe(409);
    expect((await a.deps.services.queue.list("waiting")).entries).toHaveLength(1);

    // Asking in chat again is the member asking again.
    youtube.say(viewer(5), `!sr ${song(6)}`);
    await lookOnBoth();
    expect((await a.deps.services.queue.list("waiting")).entries).toHaveLength(1);
    expect(youtube.inserted.at(-1)?.text).toMatch(/^@Viewer5: .*already/);
  });

  it("waits and says so when YouTube fails, and reads again once it answers", async () => {
    youtube.failures.push({ status: 503, reason: "backendError" }, { status: 503, reason: "backendError" });
    const reader = a.deps.services.youtubeChatReader.isReading ? a.deps.services.youtubeChatReader : b.deps.services.youtubeChatReader;
    const first = await reader.step();
    expect(await status()).toMatchObject({ state: "reconnecting" });
    expect(await reader.step()).toBeGreaterThan(first);
    youtube.say(viewer(7), `!sr ${song(7)}`);
    expect(await reader.step()).toBe(youtube.pollingIntervalMillis);
    expect(await status()).toMatchObject({ state: "connected", reason: null });
    expect(await waitingNames(a)).toEqual(["viewer7"]);
  });

  it("says the daily quota is used up", async () => {
    youtube.failures.push({ status: 403, reason: "quotaExceeded" });
    await lookOnBoth();
    expect(await status()).toMatchObject({ state: "reconnecting", reason: YOUTUBE_CHAT_MESSAGES.quotaExceeded });
  });

  it("refreshes an access token YouTube no longer takes, and goes on reading", async () => {
    youtube.expireAccessTokens();
    const refreshes = youtube.tokenRequests.filter((form) => form.grant_type === "refresh_token").length;
    youtube.say(viewer(8), `!sr ${song(8)}`);
    await lookOnBoth();
    expect(youtube.tokenRequests.filter((form) => form.grant_type === "refresh_token")).toHaveLength(refreshes + 1);
    expect(await waitingNames(a)).toEqual(["viewer8"]);
    expect(await status()).toMatchObject({ state: "connected" });
  });

  it("says the chat ended when the broadcast is over", async () => {
    youtube.broadcast = { liveChatId: "chat-1", ended: true };
    await lookOnBoth();
    expect(await status()).toMatchObject({ state: "offline", reason: YOUTUBE_CHAT_MESSAGES.chatEnded });
    youtube.broadcast = null;
    await lookOnBoth();
    expect(await status()).toMatchObject({ state: "offline", reason: YOUTUBE_CHAT_MESSAGES.streamOffline });
  });

  it("stops and says the authorization was revoked", async () => {
    youtube.broadcast = { liveChatId: "chat-2", ended: false };
    youtube.revokeAll();
    await lookOnBoth();
    expect(await status()).toMatchObject({ state: "stopped", reason: YOUTUBE_CHAT_MESSAGES.tokenRevoked });
    const calls = youtube.requests.length;
    await lookOnBoth();
    expect(youtube.requests.length).toBe(calls);
    expect([a.deps.services.youtubeChatReader.isReading, b.deps.services.youtubeChatReader.isReading]).toEqual([false, false]);
  });
});
