import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startRouteTestApp, startTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { createFakeClock, type FakeClock } from "../../test/fake-clock";
import { makeUserToken, openEmptyQueue, submissionForm, TEST_SYSTEM } from "../../test/factories";
import { startFakeYoutube, type FakeVideo, type FakeYoutube } from "../../test/fake-youtube";
import { startFakeOembed, type FakeOembed } from "../../test/fake-oembed";

const BUDGET = 3;
/** The fake clock moves a day a test: the host's sign-in outlasts them all. */
const LONG_SIGN_IN = { ACCESS_TOKEN_TTL_SECONDS: String(365 * 24 * 3600) };
const DAY_MS = 24 * 3600 * 1000;
let videoCount = 0;
/** A fresh 11-character video id, so no test meets another's cached details. */
const newVideoId = () => `vid${String((videoCount += 1)).padStart(8, "0")}`;
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const song = (title: string, duration = "PT3M33S", extra: Partial<FakeVideo> = {}): FakeVideo => ({ title, channelTitle: `${title} Channel`, duration, ...extra });

describeEachDatabase("song details for links", (dialect) => {
  let youtube: FakeYoutube;
  let oembed: FakeOembed;
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  let clock: FakeClock;
  let submitted = 0;

  beforeAll(async () => {
    [youtube, oembed] = await Promise.all([startFakeYoutube(), startFakeOembed()]);
    clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
    const thumbnails = `${new URL(youtube.url).origin},${oembed.url}`;
    ({ server, http, token } = await startRouteTestApp(dialect, {
      clock,
      env: {
        ...youtube.env,
        ...oembed.env,
        YOUTUBE_API_TIMEOUT_MS: "300",
        OEMBED_TIMEOUT_MS: "300",
        YOUTUBE_DAILY_QUOTA_UNITS: String(BUDGET),
        SONG_THUMBNAIL_ORIGINS: thumbnails,
        ...LONG_SIGN_IN,
      },
    }));
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([youtube.close(), oembed.close()]);
  });
  beforeEach(async () => {
    youtube.details.clear();
    youtube.failure = null;
    oembed.tracks.clear();
    oembed.failure = null;
    await server.deps.services.settings.reset(TEST_SYSTEM, "maxSongSeconds");
    await openEmptyQueue(server.deps);
    // Each test starts on a quota day of its own, past any wait after a failure.
    clock.advance(DAY_MS);
    youtube.requests.length = 0;
    oembed.requests.length = 0;
  });

  /** A submission a second after the one before, so the list's order is the order of submitting. */
  const submit = (link: string) => {
    clock.advance(1000);
    return http.post("queuer/", { json: submissionForm(`s${(submitted += 1)}`, { link }) });
  };
  const fill = async () => {
    const found = await server.deps.services.songDetails.fillMissing();
    await server.deps.lists.settled();
    return found;
  };
  const waiting = async () => (await http.get("queuer/queue")).body as { link: string; track_title: string; song_details?: Record<string, unknown> }[];
  const detailsOf = async (link: string) => (await waiting()).find((entry) => entry.link === link)?.song_details;
  const videoCalls = () => youtube.requests.filter((url) => url.pathname.endsWith("/videos"));
  const quota = async () => (await http.get("song-details/quota", { token })).body;

  it("answers the submit at once, then looks up songs sent close together in one videos.list call", async () => {
    const ids = [newVideoId(), newVideoId(), newVideoId()];
    youtube.details.set(ids[0]!, song("Never Gonna", "PT3M33S"));
    youtube.details.set(ids[1]!, song("Long Mix", "PT1H2M3S", { embeddable: false }));
    youtube.details.set(ids[2]!, song("Grown Ups Only", "PT4M", { ageRestricted: true }));
    for (const id of ids) {
      const answer = await submit(watch(id));
      expect(answer.status).toBe(201);
      expect(answer.body.queuer.song_details).toBeUndefined();
    }
    expect(videoCalls()).toHaveLength(0);

    expect(await fill()).toBe(3);
    expect(videoCalls()).toHaveLength(1);
    expect(videoCalls()[0]!.searchParams.get("id")!.split(",").sort()).toEqual([...ids].sort());
    expect(videoCalls()[0]!.searchParams.get("part")).toBe("snippet,contentDetails,status");
    const origin = new URL(youtube.url).origin;
    expect(await detailsOf(watch(ids[0]!))).toEqual({
      available: true,
      title: "Never Gonna",
      channel: "Never Gonna Channel",
      duration_seconds: 213,
      thumbnail_url: `${origin}/vi/${ids[0]}/mqdefault.jpg`,
      embeddable: true,
      age_restricted: false,
    });
    expect(await detailsOf(watch(ids[1]!))).toMatchObject({ duration_seconds: 3723, embeddable: false, age_restricted: false });
    expect(await detailsOf(watch(ids[2]!))).toMatchObject({ duration_seconds: 240, age_restricted: true });
    // What the submitter typed stays as typed, beside the real title.
    expect((await waiting()).find((entry) => entry.link === watch(ids[0]!))!.track_title).toBe(`Track s${submitted - 2}`);
    expect(await quota()).toMatchObject({ configured: true, units_used: 1, budget: BUDGET });
    // Nothing left to look up: no second call.
    clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
  });

  it("shows a song already looked up at once, from the cache, without spending quota", async () => {
    const id = newVideoId();
    youtube.details.set(id, song("Cached", "PT2M"));
    await submit(watch(id));
    await fill();
    await server.deps.db.updateTable("submissions").set({ status: "played", played_at: clock.now().toISOString() }).execute();
    const again = await submit(`https://youtu.be/${id}`);
    expect(again.body.queuer.song_details).toMatchObject({ title: "Cached", duration_seconds: 120 });
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    expect((await quota()).units_used).toBe(1);
  });

  it("makes no call once the day's budget is spent, and fills the entries in after midnight Pacific time", async () => {
    for (let i = 0; i < BUDGET; i += 1) {
      const id = newVideoId();
      youtube.details.set(id, song(`Song ${i}`));
      await submit(watch(id));
      await fill();
    }
    expect(videoCalls()).toHaveLength(BUDGET);
    const late = newVideoId();
    youtube.details.set(late, song("Tomorrow's"));
    await submit(watch(late));
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(BUDGET);
    expect(await detailsOf(watch(late))).toBeUndefined();
    const spent = await quota();
    expect(spent).toMatchObject({ units_used: BUDGET, budget: BUDGET });
    // 2026-06-02 18:00 UTC is 11:00 Pacific (daylight time): the day ends at 07:00 UTC.
    expect(spent.resets_at).toMatch(/T07:00:00.000Z$/);

    clock.set(new Date(Date.parse(spent.resets_at) - 1000));
    expect(await fill()).toBe(0);
    // The entries are looked at again once a minute: the first look of the new day finds them.
    clock.set(new Date(Date.parse(spent.resets_at) + 60_000));
    expect(await fill()).toBe(1);
    expect(await detailsOf(watch(late))).toMatchObject({ title: "Tomorrow's" });
    expect(await quota()).toMatchObject({ units_used: 1 });
  });

  it("counts the day as spent when YouTube answers quotaExceeded", async () => {
    const id = newVideoId();
    youtube.details.set(id, song("Over Quota"));
    youtube.failure = "quota";
    await submit(watch(id));
    expect(await fill()).toBe(0);
    expect(await quota()).toMatchObject({ units_used: BUDGET });
    youtube.failure = null;
    clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    expect(await detailsOf(watch(id))).toBeUndefined();
  });

  it("leaves entries without details when YouTube times out or fails, and asks again a minute later", async () => {
    const id = newVideoId();
    youtube.details.set(id, song("Slow"));
    youtube.failure = "hang";
    await submit(watch(id));
    expect(await fill()).toBe(0);
    expect(await detailsOf(watch(id))).toBeUndefined();
    youtube.failure = "error";
    await submit(watch(newVideoId()));
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    youtube.failure = null;
    clock.advance(61_000);
    expect(await fill()).toBe(2);
    expect(await detailsOf(watch(id))).toMatchObject({ title: "Slow" });
  });

  it("marks unknown and private videos as unavailable, once", async () => {
    const [unknown, hidden] = [newVideoId(), newVideoId()];
    youtube.details.set(hidden, song("Secret", "PT3M", { privacyStatus: "private" }));
    await submit(watch(unknown));
    await submit(watch(hidden));
    expect(await fill()).toBe(2);
    const unavailable = { available: false, title: null, channel: null, duration_seconds: null, thumbnail_url: null, embeddable: null, age_restricted: null };
    expect(await detailsOf(watch(unknown))).toEqual(unavailable);
    expect(await detailsOf(watch(hidden))).toEqual(unavailable);
    clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
  });

  it("refuses a link whose known length is over the host's longest-song limit, with the catalogue's words", async () => {
    const id = newVideoId();
    youtube.details.set(id, song("Epic", "PT4M"));
    await submit(watch(id));
    await fill();
    await http.put("set/maxSongSeconds", { json: { state: "180" }, token });
    await server.deps.db.updateTable("submissions").set({ status: "played", played_at: clock.now().toISOString() }).execute();
    const refused = await submit(watch(id));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: MESSAGES.songTooLong("4:00", "3:00") });
    expect(refused.body.detail).toBe("This song is 4:00 long; the host takes songs up to 3:00. Please send a shorter one.");
  });

  it("takes a waiting link out of the queue when its details arrive over the limit, and tells the submitter", async () => {
    await http.put("set/maxSongSeconds", { json: { state: "300" }, token });
    const [long, short] = [newVideoId(), newVideoId()];
    youtube.details.set(long, song("Too Long", "PT10M"));
    youtube.details.set(short, song("Fits", "PT4M59S"));
    const { body } = await submit(watch(long));
    await submit(watch(short));
    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${body.queuer.user_id}`);
    await submitter.next("connection_established");
    await fill();
    await vi.waitFor(async () => expect((await waiting()).map((entry) => entry.link)).toEqual([watch(short)]));
    expect(await submitter.next("submission_removed")).toMatchObject({ track_title: body.queuer.track_title, message: MESSAGES.removedTooLong });
    await submitter.close();
  });

  it("estimates the wait from the real lengths of the links ahead", async () => {
    const [a, b] = [newVideoId(), newVideoId()];
    youtube.details.set(a, song("Ten", "PT10M"));
    youtube.details.set(b, song("Twenty", "PT20M"));
    await submit(watch(a));
    await submit(watch(b));
    const last = await submit(watch(newVideoId()));
    await fill();
    expect((await http.get(`queue-position/position/${last.body.queuer.user_id}`)).body).toMatchObject({ position: 3, estimated_wait: 30 });
  });

  it("asks SoundCloud's and Spotify's oEmbed for the title, author and thumbnail", async () => {
    oembed.tracks.set("https://soundcloud.com/forss/flickermood", { title: "Flickermood by Forss", author_name: "Forss", thumbnail_url: "/art/flickermood.jpg" });
    oembed.tracks.set("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", { title: "Never Gonna Give You Up", thumbnail_url: "/art/rick.jpg" });
    await submit("https://soundcloud.com/forss/flickermood?utm_source=x");
    await submit("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc");
    await submit("https://soundcloud.com/nobody/nothing");
    expect(await fill()).toBe(3);
    expect(await detailsOf("https://soundcloud.com/forss/flickermood?utm_source=x")).toEqual({
      available: true,
      title: "Flickermood by Forss",
      channel: "Forss",
      duration_seconds: null,
      thumbnail_url: `${oembed.url}/art/flickermood.jpg`,
      embeddable: null,
      age_restricted: null,
    });
    expect(await detailsOf("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc")).toMatchObject({ title: "Never Gonna Give You Up", channel: null });
    expect(await detailsOf("https://soundcloud.com/nobody/nothing")).toMatchObject({ available: false });
    expect(oembed.requests.find((url) => url.pathname === "/soundcloud/oembed")?.searchParams.get("format")).toBe("json");
    expect(videoCalls()).toHaveLength(0);
  });

  it("survives hostile answers: garbage, odd fields, thumbnails elsewhere; nothing becomes a 500", async () => {
    const id = newVideoId();
    youtube.failure = "garbage";
    oembed.failure = "garbage";
    await submit(watch(id));
    await submit("https://open.spotify.com/track/0000000000000000000000");
    expect(await fill()).toBe(0);
    youtube.failure = null;
    oembed.failure = null;
    youtube.details.set(id, song("\u0000<script>alert(1)</script>".repeat(50), "PT99999999999999H"));
    oembed.tracks.set("https://open.spotify.com/track/0000000000000000000000", { title: "x", thumbnail_url: "javascript:alert(1)" });
    clock.advance(61_000);
    expect(await fill()).toBe(2);
    const list = await http.get("queuer/queue");
    expect(list.status).toBe(200);
    expect(list.body[0].song_details).toMatchObject({ available: true, duration_seconds: null });
    expect(list.body[1].song_details).toMatchObject({ title: "x", thumbnail_url: null });
  });

  it("shows the quota to admins only", async () => {
    expect((await http.get("song-details/quota")).status).toBe(401);
    expect((await http.get("song-details/quota", { token: await makeUserToken(server.deps) })).status).toBe(401);
    expect(await quota()).toMatchObject({ configured: true, units_used: 0, budget: BUDGET });
  });

  it("works as before without a key, and fills the entries in once a server with the key runs", async () => {
    const keyless = await startTestApp(dialect, { database: server.database, clock, env: { YOUTUBE_API_BASE: youtube.url, ...LONG_SIGN_IN } });
    try {
      const id = newVideoId();
      youtube.details.set(id, song("Later"));
      const answer = await fetch(`${keyless.baseUrl}/queuer/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(submissionForm("keyless", { link: watch(id) })),
      });
      expect(answer.status).toBe(201);
      expect(await keyless.deps.services.songDetails.fillMissing()).toBe(0);
      expect(youtube.requests).toHaveLength(0);
      const quotaWithout = await fetch(`${keyless.baseUrl}/song-details/quota`, { headers: { authorization: `Bearer ${token}` } });
      expect(await quotaWithout.json()).toMatchObject({ configured: false, units_used: 0 });
      const [entry] = await (await fetch(`${keyless.baseUrl}/queuer/queue`)).json();
      expect(entry.song_details).toBeUndefined();
      expect(entry.track_title).toBe("Track keyless");

      await server.deps.events.emit("submission.added", { entry: { ...entry, file_key: null }, from: null, by_admin: false });
      expect(await fill()).toBe(1);
      expect(await detailsOf(watch(id))).toMatchObject({ title: "Later" });
    } finally {
      await keyless.close();
    }
  });
});
