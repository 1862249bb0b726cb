import { defineConfig, devices } from "@playwright/test";
import { PLAYER_FAKES } from "./e2e/fakes/player-fakes";

const port = Number(process.env.E2E_PORT ?? 8765);
/** Where the server sends uploads to be virus-scanned: e2e/upload-journey.spec.ts listens there in front of a real clamd. */
const clamdPort = Number(process.env.E2E_CLAMD_PORT ?? port + 1);
/** The fake YouTube Data API (e2e/fake-youtube.setup.ts) the server asks whether the stream is live. */
const youtubePort = Number(process.env.E2E_YOUTUBE_PORT ?? port + 2);
process.env.E2E_YOUTUBE_PORT = String(youtubePort);

/** End-to-end journeys in Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/fake-youtube.setup.ts",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "rm -rf .e2e-data && node dist/server/main.js",
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: ".e2e-data",
      ADMIN_USERNAME: "host",
      ADMIN_PASSWORD: "host-password-123",
      LOG_LEVEL: "warn",
      CLAMAV_URL: `tcp://127.0.0.1:${clamdPort}`,
      YOUTUBE_API_BASE: `http://127.0.0.1:${youtubePort}/youtube/v3`,
      YOUTUBE_API_KEY: "fake-youtube-key",
      YOUTUBE_API_TIMEOUT_MS: "2000",
      // The journey sees a channel go live within a minute; a real host keeps the quota-saving 20 minutes.
      YOUTUBE_CHANNEL_SEARCH_SECONDS: "30",
      // The host's player loads these fakes of the platforms' player scripts (e2e/fakes, served by the journeys' routes).
      YOUTUBE_IFRAME_API_URL: `${PLAYER_FAKES}/youtube-iframe-api.js`,
      SOUNDCLOUD_WIDGET_API_URL: `${PLAYER_FAKES}/soundcloud-widget-api.js`,
      SOUNDCLOUD_WIDGET_URL: `${PLAYER_FAKES}/soundcloud-player/`,
      SPOTIFY_IFRAME_API_URL: `${PLAYER_FAKES}/spotify-iframe-api.js`,
    },
  },
});
