import nodeHttp from "node:http";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { LIVE_STREAM_REASONS } from "@common/live-stream";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createFakeClock, type FakeClock } from "../../test/fake-clock";
import { TEST_SYSTEM } from "../../test/factories";
import { startFakeYoutube, type FakeYoutube } from "../../test/fake-youtube";

const VIDEO = "dQw4w9WgXcQ";
const CHANNEL = "UCabcdefghijklmnopqrstuv";

describeEachDatabase("integrations/youtube/live", (dialect) => {
  let youtube: FakeYoutube;
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let clock: FakeClock;
  const setLink = (link: string | null) =>
    link === null ? server.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", "") : server.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", link);
  const live = () => http.get("integrations/youtube/live");

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
    server = await startTestApp(dialect, { clock, env: { ...youtube.env, YOUTUBE_API_TIMEOUT_MS: "300", RATE_LIMIT_API_MAX: "100000" } });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await youtube.close();
  });
  beforeEach(() => {
    youtube.videos.clear();
    youtube.channels.clear();
    youtube.handles.clear();
    youtube.failure = null;
    youtube.delayMs = 0;
    youtube.requests.length = 0;
    // Every test starts past the previous test's cached answer.
    clock.advance(60_000);
  });

  it("says no stream is live while no link is set, without asking YouTube", async () => {
    await setLink(null);
    const answer = await live();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.noLink });
    expect(youtube.requests).toHaveLength(0);
  });

  it("answers live with the player and the chat for this site's domain while the linked video broadcasts", async () => {
    youtube.videos.set(VIDEO, "live");
    await setLink(`https://www.youtube.com/watch?v=${VIDEO}`);
    const answer = await live();
    expect(answer.body).toEqual({
      live: true,
      videoId: VIDEO,
      embeds: {
        player: `https://www.youtube.com/embed/${VIDEO}?autoplay=1&rel=0&enablejsapi=1`,
        chat: `https://www.youtube.com/live_chat?v=${VIDEO}&embed_domain=127.0.0.1`,
      },
      reason: null,
    });
    const asked = youtube.requests[0]!;
    expect(asked.pathname).toBe("/youtube/v3/videos");
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ part: "snippet,liveStreamingDetails", id: VIDEO, key: youtube.apiKey });
  });

  it("makes the chat embed for the app's own domain, not for a Host header of the caller's choosing", async () => {
    youtube.videos.set(VIDEO, "live");
    await setLink(`https://www.youtube.com/watch?v=${VIDEO}`);
    const answer = await http.get("integrations/youtube/live", { headers: { "x-forwarded-host": "evil.example" } });
    expect(answer.body.embeds.chat).toBe(`https://www.youtube.com/live_chat?v=${VIDEO}&embed_domain=127.0.0.1`);
    const forged = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${server.baseUrl}/integrations/youtube/live`);
      const request = nodeHttp.get(url, { headers: { host: "evil.example" } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve(text));
      });
      request.on("error", reject);
    });
    expect(JSON.parse(forged).embeds.chat).toBe(`https://www.youtube.com/live_chat?v=${VIDEO}&embed_domain=localhost`);
  });

  it("is not live for an ended or upcoming video, nor for one YouTube does not know", async () => {
    await setLink(`https://youtu.be/${VIDEO}`);
    youtube.videos.set(VIDEO, "none");
    expect((await live()).body).toMatchObject({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.notLive });
    clock.advance(31_000);
    youtube.videos.set(VIDEO, "upcoming");
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notLive });
    clock.advance(31_000);
    youtube.videos.clear();
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notFound });
  });

  it("finds a channel's live video, by channel address or by @handle", async () => {
    youtube.channels.set(CHANNEL, VIDEO);
    youtube.handles.set("@hoststream", CHANNEL);
    await setLink(`https://www.youtube.com/channel/${CHANNEL}`);
    expect((await live()).body).toMatchObject({ live: true, videoId: VIDEO });
    expect(Object.fromEntries(youtube.requests[0]!.searchParams)).toMatchObject({ part: "snippet", channelId: CHANNEL, eventType: "live", type: "video" });

    youtube.requests.length = 0;
    await setLink("https://www.youtube.com/@hoststream/live");
    expect((await live()).body).toMatchObject({ live: true, videoId: VIDEO });
    expect(youtube.requests.map((url) => url.pathname.replace("/youtube/v3/", ""))).toEqual(["channels", "search"]);
    expect(youtube.requests[0]!.searchParams.get("forHandle")).toBe("@hoststream");

    clock.advance(31_000);
    youtube.channels.set(CHANNEL, null);
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notLive });
    await setLink("https://www.youtube.com/@nobody-here");
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notFound });
  });

  it("says so for a link that names neither a video nor a channel", async () => {
    await setLink("https://vimeo.com/somebody");
    expect((await live()).body).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.unsupportedLink });
    expect(youtube.requests).toHaveLength(0);
  });

  it("says Twitch is not configured for a Twitch channel link on a server without a Twitch app", async () => {
    await setLink("https://twitch.tv/somebody");
    expect((await live()).body).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.twitchNotConfigured });
    expect(youtube.requests).toHaveLength(0);
  });

  it("answers not live, never an error, when YouTube fails, answers nonsense or does not answer in time", async () => {
    youtube.videos.set(VIDEO, "live");
    await setLink(`https://www.youtube.com/watch?v=${VIDEO}`);
    for (const failure of ["error", "garbage", "hang"] as const) {
      youtube.failure = failure;
      clock.advance(31_000);
      const answer = await live();
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.unavailable });
    }
    youtube.failure = null;
    clock.advance(31_000);
    expect((await live()).body.live).toBe(true);
  });

  it("asks YouTube once per 30 s for a crowd, and at once when the link changes", async () => {
    youtube.videos.set(VIDEO, "live");
    youtube.videos.set("abcdefghijk", "none");
    youtube.delayMs = 150;
    await setLink(`https://www.youtube.com/watch?v=${VIDEO}`);
    const answers = await Promise.all(Array.from({ length: 100 }, () => live()));
    expect(answers.every((answer) => answer.status === 200 && answer.body.live === true)).toBe(true);
    expect(youtube.requests).toHaveLength(1);

    clock.advance(29_000);
    await Promise.all(Array.from({ length: 20 }, () => live()));
    expect(youtube.requests).toHaveLength(1);

    clock.advance(2_000);
    await Promise.all(Array.from({ length: 20 }, () => live()));
    expect(youtube.requests).toHaveLength(2);

    await setLink("https://www.youtube.com/watch?v=abcdefghijk");
    expect((await live()).body.live).toBe(false);
    expect(youtube.requests).toHaveLength(3);
  });

  it("reads a stream link with a malformed escape as a link it cannot use, never a server error", async () => {
    for (const link of ["https://www.youtube.com/%", "https://www.youtube.com/%E0%A4%A/live", "https://youtube.com/%zz", "https://www.youtube.com/%ED%A0%80"]) {
      await setLink(link);
      const answer = await live();
      expect(answer.status, link).toBe(200);
      expect(answer.body, link).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.unsupportedLink });
    }
    expect(youtube.requests).toHaveLength(0);
  });

  it("searches a channel (100 quota units) at most once per 20 minutes, failures included, and follows a found live video for 1 unit", async () => {
    const channel = "UCzyxwvutsrqponmlkjihgfe";
    const video = "zyxwvutsrqp";
    const searches = () => youtube.requests.filter((url) => url.pathname.endsWith("/search")).length;
    const videoChecks = () => youtube.requests.filter((url) => url.pathname.endsWith("/videos")).length;
    youtube.channels.set(channel, null);
    await setLink(`https://www.youtube.com/channel/${channel}`);
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notLive });
    expect(searches()).toBe(1);

    // The channel goes live, and a crowd keeps asking: no second search before 20 minutes.
    youtube.channels.set(channel, video);
    youtube.videos.set(video, "live");
    for (let minute = 0; minute < 19; minute += 1) {
      clock.advance(60_000);
      expect((await live()).body.live).toBe(false);
    }
    expect(searches()).toBe(1);
    clock.advance(61_000);
    expect((await live()).body).toMatchObject({ live: true, videoId: video });
    expect(searches()).toBe(2);

    // While live, each check is the video's own (1 unit), never a search.
    for (let i = 0; i < 10; i += 1) {
      clock.advance(31_000);
      expect((await live()).body.live).toBe(true);
    }
    expect(searches()).toBe(2);
    expect(videoChecks()).toBe(10);

    // The stream ends: not live at once, and the next search waits for its turn; a failed search counts as one.
    youtube.videos.set(video, "none");
    youtube.channels.set(channel, null);
    clock.advance(31_000);
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.notLive });
    expect(searches()).toBe(2);
    clock.advance(20 * 60_000);
    youtube.failure = "error";
    expect((await live()).body).toMatchObject({ live: false, reason: LIVE_STREAM_REASONS.unavailable });
    expect(searches()).toBe(3);
    youtube.failure = null;
    for (let minute = 0; minute < 19; minute += 1) {
      clock.advance(60_000);
      await live();
    }
    expect(searches()).toBe(3);
  });

  it("resolves an @handle to its channel once a day", async () => {
    const channel = "UCaaaaaaaaaaaaaaaaaaaaaa";
    youtube.handles.set("@oncedaily", channel);
    youtube.channels.set(channel, null);
    await setLink("https://www.youtube.com/@oncedaily");
    for (let i = 0; i < 50; i += 1) {
      clock.advance(31 * 60_000);
      await live();
    }
    expect(youtube.requests.filter((url) => url.pathname.endsWith("/channels"))).toHaveLength(2);
  });

  it("ignores whatever a caller adds to the request", async () => {
    await setLink(null);
    const answer = await http.get("integrations/youtube/live?videoId=%00%ff&live=true");
    expect(answer.status).toBe(200);
    expect(answer.body.live).toBe(false);
  });
});

describeEachDatabase("integrations/youtube/live without an API key", (dialect) => {
  let youtube: FakeYoutube;
  let server: TestApp;
  beforeAll(async () => {
    youtube = await startFakeYoutube({ defaultVideo: "live" });
    server = await startTestApp(dialect, { env: { YOUTUBE_API_BASE: youtube.url } });
  });
  afterAll(async () => {
    await server.close();
    await youtube.close();
  });

  it("says the key is missing and never calls YouTube", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", `https://www.youtube.com/watch?v=${VIDEO}`);
    const answer = await httpClient(server.baseUrl).get("integrations/youtube/live");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ live: false, videoId: null, embeds: null, reason: LIVE_STREAM_REASONS.noApiKey });
    expect(youtube.requests).toHaveLength(0);
  });
});
