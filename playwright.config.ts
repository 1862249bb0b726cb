import { defineConfig, devices } from "@playwright/test";
import { E2E_TWITCH_CLIENT } from "./e2e/fake-twitch.setup";
import { PLAYER_FAKES } from "./e2e/fakes/player-fakes";

const port = Number(process.env.E2E_PORT ?? 8765);
/** The e2e server's DATA_DIR: one per port, so journeys run by scripts/run-journeys.mjs side by side never share data. */
const dataDir = port === 8765 ? ".e2e-data" : `.e2e-data-${port}`;
process.env.E2E_DATA_DIR = dataDir;
/** Where the server sends uploads to be virus-scanned: e2e/upload-journey.spec.ts listens there in front of a real clamd. */
const clamdPort = Number(process.env.E2E_CLAMD_PORT ?? port + 1);
/** The fake YouTube Data API (e2e/fake-youtube.setup.ts) the server asks whether the stream is live. */
const youtubePort = Number(process.env.E2E_YOUTUBE_PORT ?? port + 2);
process.env.E2E_YOUTUBE_PORT = String(youtubePort);
/** The fake Twitch (e2e/fake-twitch.setup.ts) and the port where journeys redeem rewards on it and read what it holds. */
const twitchPort = port + 3;
process.env.E2E_TWITCH_PORT = String(twitchPort);
process.env.E2E_TWITCH_CONTROL_PORT = String(port + 4);

/** End-to-end journeys in Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: "e2e",
  globalSetup: ["./e2e/fake-youtube.setup.ts", "./e2e/fake-twitch.setup.ts"],
  outputDir: port === 8765 ? "test-results/e2e" : `test-results/e2e-${port}`,
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: process.env.E2E_TRACE === "on" ? { mode: "on", snapshots: false, screenshots: false } : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "host",
      ADMIN_PASSWORD: "host-password-123",
      LOG_LEVEL: "warn",
      CLAMAV_URL: `tcp://127.0.0.1:${clamdPort}`,
      YOUTUBE_API_BASE: `http://127.0.0.1:${youtubePort}/youtube/v3`,
      YOUTUBE_API_KEY: "fake-youtube-key",
      YOUTUBE_API_TIMEOUT_MS: "2000",
      // The journey sees a channel go live within a minute; a real host keeps the quota-saving 20 minutes.
      YOUTUBE_CHANNEL_SEARCH_SECONDS: "30",
      TWITCH_CLIENT_ID: E2E_TWITCH_CLIENT.clientId,
      TWITCH_CLIENT_SECRET: E2E_TWITCH_CLIENT.clientSecret,
      TWITCH_AUTH_URL: `http://127.0.0.1:${twitchPort}/oauth2`,
      TWITCH_API_URL: `http://127.0.0.1:${twitchPort}/helix`,
      TWITCH_EVENTSUB_WS_URL: `ws://127.0.0.1:${twitchPort}/ws`,
      TWITCH_TOKEN_KEY: "e2e-twitch-token-key-0123456789abcdef",
      // Song details: the same fake answers SoundCloud's and Spotify's oEmbed and serves the thumbnails.
      SOUNDCLOUD_OEMBED_URL: `http://127.0.0.1:${youtubePort}/soundcloud/oembed`,
      SPOTIFY_OEMBED_URL: `http://127.0.0.1:${youtubePort}/spotify/oembed`,
      SONG_THUMBNAIL_ORIGINS: `http://127.0.0.1:${youtubePort}`,
      // The host's player loads these fakes of the platforms' player scripts (e2e/fakes, served by the journeys' routes).
      YOUTUBE_IFRAME_API_URL: `${PLAYER_FAKES}/youtube-iframe-api.js`,
      SOUNDCLOUD_WIDGET_API_URL: `${PLAYER_FAKES}/soundcloud-widget-api.js`,
      SOUNDCLOUD_WIDGET_URL: `${PLAYER_FAKES}/soundcloud-player/`,
      SPOTIFY_IFRAME_API_URL: `${PLAYER_FAKES}/spotify-iframe-api.js`,
      // The player journeys move the page's clock ahead: a player's once-a-second reports of 10 s of
      // playing leave in a few milliseconds, which the default 20 messages a second would answer by
      // closing the socket (the limit itself is tested in server/src/live/socket-limits.routes.test.ts).
      WS_MAX_MESSAGES_PER_SECOND: "200",
      // Every journey's browser is one client at 127.0.0.1, signing in as the host about 60 times and
      // submitting for dozens of guests in a few minutes: the per-address limits of a real audience (10
      // sign-ins a minute) refused the host's sign-in when the journeys ran fast. The limits themselves
      // are tested in server/src/plugins/rate-limit.test.ts and behind nginx in server/src/behind-nginx.test.ts.
      RATE_LIMIT_LOGIN_MAX: "10000",
      RATE_LIMIT_SUBMIT_MAX: "10000",
      RATE_LIMIT_API_MAX: "10000",
      RATE_LIMIT_EVENTS_MAX: "10000",
    },
  },
});
