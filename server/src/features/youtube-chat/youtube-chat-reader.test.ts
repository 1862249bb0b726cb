import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeYoutubeChat, type FakeYoutubeChat } from "../../test/fake-youtube-chat";
import { describeEachDatabase, startRouteTestApp, type RouteTestApp } from "../../test/test-app";
import { eventually } from "../../test/twitch";

describeEachDatabase("The YouTube chat reader on its own", (dialect) => {
  let youtube: FakeYoutubeChat;
  let route: RouteTestApp;
  const reader = () => route.server.deps.services.youtubeChatReader;

  beforeAll(async () => {
    youtube = await startFakeYoutubeChat();
    youtube.pollingIntervalMillis = 50;
    route = await startRouteTestApp(dialect, { env: { ...youtube.env, YOUTUBE_CHAT_MIN_POLL_SECONDS: "0" } });
  });
  afterAll(async () => {
    await route.server.close();
    await youtube.close();
  });

  it("starts reading when the host connects, and answers each new command once at YouTube's pace", async () => {
    youtube.broadcast = { liveChatId: "chat-own", ended: false };
    reader().start();
    const started = await route.http.post("/admin/youtube-chat/connect", { token: route.token });
    const atGoogle = await fetch(started.body.authorize_url, { redirect: "manual" });
    await fetch(atGoogle.headers.get("location")!, { redirect: "manual" });
    await eventually(async () => expect((await route.http.get("/admin/youtube-chat", { token: route.token })).body.state).toBe("connected"));

    youtube.say({ channelId: "UCownviewer00000000000", displayName: "Ada" }, "!song");
    await eventually(() => expect(youtube.inserted).toHaveLength(1));
    expect(youtube.inserted[0]).toEqual({ liveChatId: "chat-own", text: "Nothing is playing right now." });
    const lists = youtube.requests.filter((url) => url.pathname.endsWith("/liveChat/messages")).length;
    await eventually(() => expect(youtube.requests.filter((url) => url.pathname.endsWith("/liveChat/messages")).length).toBeGreaterThan(lists + 2));
    expect(youtube.inserted).toHaveLength(1);
    await reader().stop();
  });
});
