import { afterAll, beforeAll, expect, it } from "vitest";
import { LIVE_STREAM_REASONS } from "@common/live-stream";
import { startFakeTwitch, type FakeTwitch } from "../../test/fake-twitch";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { TEST_SYSTEM } from "../../test/factories";
import { httpClient } from "../../test/http";

describeEachDatabase("/live with a Twitch channel as the stream link", (dialect) => {
  let fake: FakeTwitch;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeTwitch();
    app = await startTestApp(dialect, { env: fake.env });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const liveInfo = async (link: string) => {
    await app.deps.services.settings.set(TEST_SYSTEM, "youtubeStreamLink", link);
    return (await httpClient(app.baseUrl).get("/integrations/youtube/live")).body;
  };

  it("embeds Twitch's player and chat for this site when the channel is live, with no channel connected", async () => {
    fake.liveLogins.add("onair");
    const info = await liveInfo("https://www.twitch.tv/OnAir");
    expect(info).toEqual({
      live: true,
      videoId: "twitch:onair",
      embeds: { player: "https://player.twitch.tv/?channel=onair&parent=127.0.0.1&autoplay=true", chat: "https://www.twitch.tv/embed/onair/chat?parent=127.0.0.1" },
      reason: null,
    });
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "client_credentials" });
  });

  it("says the stream is not live when the Twitch channel is offline", async () => {
    expect(await liveInfo("https://twitch.tv/sleeping")).toMatchObject({ live: false, embeds: null, reason: LIVE_STREAM_REASONS.notLive });
  });
});
