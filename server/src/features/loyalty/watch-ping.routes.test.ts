import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createFakeClock, type FakeClock } from "../../test/fake-clock";
import { makeUserToken, TEST_SYSTEM } from "../../test/factories";
import { createTestUser } from "../../test/users";
import { startFakeYoutube, type FakeYoutube } from "../../test/fake-youtube";

const VIDEO = "dQw4w9WgXcQ";
const TEST_ENV = { RATE_LIMIT_API_MAX: "100000" };

describeEachDatabase("fast pass: earning by watching", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let clock: FakeClock;
  let youtube: FakeYoutube;
  beforeAll(async () => {
    youtube = await startFakeYoutube();
    clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
    server = await startTestApp(dialect, { clock, env: { ...TEST_ENV, ...youtube.env } });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await youtube.close();
  });
  beforeEach(async () => {
    youtube.videos.set(VIDEO, "live");
    await server.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", `https://www.youtube.com/watch?v=${VIDEO}`);
    await server.deps.services.settings.set(TEST_SYSTEM, "watchMinutesPerToken", "60");
  });

  /** Signs a fresh token each time: the fake clock runs far past an access token's life. */
  const ping = async (userId: string, videoId = VIDEO) => http.post("loyalty/watch-ping", { json: { videoId }, token: await makeUserToken(server.deps, userId) });

  it("counts a ping at most once per 50 s, whatever the number of tabs pinging every second", async () => {
    const { user } = await createTestUser(server.deps);
    const accepted: number[] = [];
    for (let second = 0; second < 300; second += 1) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => ping(user.user_id)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        if (answer.body.accepted) accepted.push(second);
        else expect(answer.body.reason).toBe("too_soon");
      }
      clock.advance(1000);
    }
    // 5 minutes of scripted pings from 5 tabs: one counted ping per 50 s at most, crediting 50 s each after the first.
    expect(accepted).toEqual([0, 50, 100, 150, 200, 250]);
    clock.advance(-11_000);
    expect((await ping(user.user_id)).body).toEqual({ accepted: false, reason: "too_soon", watched_minutes: 4, minutes_to_next_token: 56, token_granted: false });
  }, 60_000);

  it("credits real elapsed time: a script pinging every 50 s earns no faster than someone watching", async () => {
    const scripted = await createTestUser(server.deps);
    const watcher = await createTestUser(server.deps);
    const start = clock.now().getTime();
    let nextWatcherPing = start;
    // One hour: the script pings every 50 s, the watcher every 60 s as the /live page does.
    for (let second = 0; second <= 3600; second += 10) {
      if (second % 50 === 0) expect((await ping(scripted.user.user_id)).body.accepted).toBe(true);
      if (clock.now().getTime() >= nextWatcherPing) {
        expect((await ping(watcher.user.user_id)).body.accepted).toBe(true);
        nextWatcherPing += 60_000;
      }
      clock.advance(10_000);
    }
    const balance = async (userId: string) => (await http.get("loyalty/balance", { token: await makeUserToken(server.deps, userId) })).body.available_tokens;
    clock.advance(-20_000);
    // 3600 s of real time since each one's first ping: 60 minutes, not 72, and one token each.
    expect((await ping(scripted.user.user_id)).body).toMatchObject({ accepted: false, watched_minutes: 60 });
    expect((await ping(watcher.user.user_id)).body).toMatchObject({ accepted: false, watched_minutes: 60 });
    expect(await balance(scripted.user.user_id)).toBe(1);
    expect(await balance(watcher.user.user_id)).toBe(1);
  }, 60_000);

  it("credits at most a minute for a ping after a long pause", async () => {
    const { user } = await createTestUser(server.deps);
    await ping(user.user_id);
    clock.advance(30 * 60_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: true, watched_minutes: 1 });
    clock.advance(55_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: true, watched_minutes: 1 });
    clock.advance(5_000);
    clock.advance(50_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: true, watched_minutes: 2 });
  });

  it("grants one Premium token every 60 counted minutes, as a watch_time ledger row", async () => {
    const member = await createTestUser(server.deps);
    // The first ping starts the watch; each later one credits the minute since the previous.
    expect((await ping(member.user.user_id)).body).toMatchObject({ accepted: true, watched_minutes: 0 });
    let granted = 0;
    for (let minute = 1; minute <= 120; minute += 1) {
      clock.advance(60_000);
      const answer = await ping(member.user.user_id);
      expect(answer.body.accepted).toBe(true);
      if (answer.body.token_granted) granted += 1;
      if (minute === 59) expect((await http.get("loyalty/balance", { token: await makeUserToken(server.deps, member.user.user_id) })).body.available_tokens).toBe(0);
      if (minute === 60) expect(answer.body).toEqual({ accepted: true, reason: null, watched_minutes: 60, minutes_to_next_token: 60, token_granted: true });
    }
    expect(granted).toBe(2);
    const balance = await http.get("loyalty/balance", { token: await makeUserToken(server.deps, member.user.user_id) });
    expect(balance.body).toEqual({ available_tokens: 2, tokens_by_level: { "1": 2, "2": 0, "3": 0 } });
    const rows = await server.deps.db.selectFrom("fastpass_ledger").select(["source", "priority_level", "count"]).where("user_id", "=", member.user.user_id).execute();
    expect(rows).toEqual([
      { source: "watch_time", priority_level: 1, count: 1 },
      { source: "watch_time", priority_level: 1, count: 1 },
    ]);
  }, 60_000);

  it("follows the watchMinutesPerToken setting", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "watchMinutesPerToken", "2");
    const { user } = await createTestUser(server.deps);
    await ping(user.user_id);
    clock.advance(60_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: true, token_granted: false, minutes_to_next_token: 1 });
    clock.advance(60_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: true, token_granted: true });
  });

  it("counts nothing without a live stream or for another video", async () => {
    const { user } = await createTestUser(server.deps);
    clock.advance(60_000);
    expect((await ping(user.user_id, "aaaaaaaaaaa")).body).toMatchObject({ accepted: false, reason: "wrong_video", watched_minutes: 0 });
    // The link is still set, but YouTube says the broadcast ended (seen once the 30 s cache expires).
    youtube.videos.set(VIDEO, "none");
    clock.advance(31_000);
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: false, reason: "no_live_stream", watched_minutes: 0 });
    youtube.videos.set(VIDEO, "live");
    await server.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", "https://example.com/not-youtube");
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: false, reason: "no_live_stream" });
    await server.deps.services.settings.reset(TEST_SYSTEM, "youtubeStreamLink");
    expect((await ping(user.user_id)).body).toMatchObject({ accepted: false, reason: "no_live_stream", watched_minutes: 0 });
  });

  it("refuses guests and a bad watchMinutesPerToken", async () => {
    expect(await http.post("loyalty/watch-ping", { json: { videoId: VIDEO } })).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    const admin = await server.deps.services.admins.create({ username: `watchadmin${Date.now()}`, password: "admin-password-1", isSuperAdmin: false });
    const token = await server.deps.tokens.signAccess(admin.admin_id, "admin");
    const bad = await http.put("set/watchMinutesPerToken", { json: { state: "0" }, token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe("Watch minutes per token must be between 1 and 1440");
  });
});
