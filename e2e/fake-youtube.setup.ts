import { startFakeYoutube } from "../server/src/test/fake-youtube";

/**
 * The YouTube Data API the e2e server asks whether the stream is live (playwright.config.ts points
 * YOUTUBE_API_BASE here). Every video counts as live unless a spec says otherwise through PUT /__fake,
 * so journeys that set a stream link see it live.
 */
export default async function startYoutube(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_YOUTUBE_PORT);
  const youtube = await startFakeYoutube({ port, defaultVideo: "live" });
  return () => youtube.close();
}
