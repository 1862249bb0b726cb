import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Dialect } from "../db/kysely";
import { startRouteTestApp, type TestApp } from "./test-app";
import type { HttpClient } from "./http";
import { createFakeClock, type FakeClock } from "./fake-clock";
import { openEmptyQueue, submissionForm, TEST_SYSTEM } from "./factories";
import { startFakeYoutube, type FakeVideo, type FakeYoutube } from "./fake-youtube";
import { startFakeOembed, type FakeOembed } from "./fake-oembed";

/** The daily quota budget the song-details tests run with. */
export const SONG_DETAILS_BUDGET = 3;
/** The fake clock moves a day a test: the host's sign-in outlasts them all. */
export const LONG_SIGN_IN = { ACCESS_TOKEN_TTL_SECONDS: String(365 * 24 * 3600) };
const DAY_MS = 24 * 3600 * 1000;

let videoCount = 0;
/** A fresh 11-character video id, so no test meets another's cached details. */
export const newVideoId = () => `vid${String((videoCount += 1)).padStart(8, "0")}`;
export const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
export const song = (title: string, duration = "PT3M33S", extra: Partial<FakeVideo> = {}): FakeVideo => ({ title, channelTitle: `${title} Channel`, duration, ...extra });

export interface SongDetailsTestApp {
  youtube: FakeYoutube;
  oembed: FakeOembed;
  server: TestApp;
  http: HttpClient;
  token: string;
  clock: FakeClock;
}

/**
 * The app with a fake Data API and fake oEmbed endpoints, a fake clock and a small quota budget; each
 * test starts on a quota day of its own with an empty, open queue. Fields are filled in beforeAll.
 */
export function useSongDetailsApp(dialect: Dialect) {
  const app = {} as SongDetailsTestApp;
  let submitted = 0;

  beforeAll(async () => {
    [app.youtube, app.oembed] = await Promise.all([startFakeYoutube(), startFakeOembed()]);
    app.clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
    const { youtube, oembed } = app;
    const started = await startRouteTestApp(dialect, {
      clock: app.clock,
      env: {
        ...youtube.env,
        ...oembed.env,
        YOUTUBE_API_TIMEOUT_MS: "300",
        OEMBED_TIMEOUT_MS: "300",
        YOUTUBE_DAILY_QUOTA_UNITS: String(SONG_DETAILS_BUDGET),
        SONG_THUMBNAIL_ORIGINS: `${new URL(youtube.url).origin},${oembed.url}`,
        ...LONG_SIGN_IN,
      },
    });
    Object.assign(app, started);
  });
  afterAll(async () => {
    await app.server.close();
    await Promise.all([app.youtube.close(), app.oembed.close()]);
  });
  beforeEach(async () => {
    app.youtube.details.clear();
    app.youtube.failure = null;
    app.oembed.tracks.clear();
    app.oembed.failure = null;
    await app.server.deps.services.settings.reset(TEST_SYSTEM, "maxSongSeconds");
    await openEmptyQueue(app.server.deps);
    // Past any wait after a failure, and on a quota day nobody spent yet.
    app.clock.advance(DAY_MS);
    app.youtube.requests.length = 0;
    app.oembed.requests.length = 0;
  });

  const waiting = async () => (await app.http.get("queuer/queue")).body as { link: string; track_title: string; song_details?: Record<string, unknown> }[];
  return {
    app,
    /** A submission a second after the one before, so the list's order is the order of submitting. */
    submit(link: string) {
      app.clock.advance(1000);
      return app.http.post("queuer/", { json: submissionForm(`s${(submitted += 1)}`, { link }) });
    },
    submittedCount: () => submitted,
    /** One pass of the lookup job, then the lists rebuilt. */
    async fill() {
      const found = await app.server.deps.services.songDetails.fillMissing();
      await app.server.deps.lists.settled();
      return found;
    },
    waiting,
    detailsOf: async (link: string) => (await waiting()).find((entry) => entry.link === link)?.song_details,
    videoCalls: () => app.youtube.requests.filter((url) => url.pathname.endsWith("/videos")),
    quota: async () => (await app.http.get("song-details/quota", { token: app.token })).body,
  };
}
