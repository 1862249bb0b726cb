import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import { openEmptyQueue } from "../../test/factories";
import { startFakeYoutube, type FakeYoutube } from "../../test/fake-youtube";

const nightbot = (id: string, name: string) => ({
  "nightbot-user": new URLSearchParams({ name, displayName: name, provider: "youtube", providerId: id, userLevel: "everyone" }).toString(),
});

describeEachDatabase("!sr by song name", (dialect) => {
  let server: TestApp;
  let youtube: FakeYoutube;
  let secret: string;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    youtube.songs.set("never gonna give you up", { videoId: "dQw4w9WgXcQ", title: "Rick Astley - Never Gonna Give You Up (Official Music Video)", channelTitle: "Rick Astley" });
    youtube.songs.set("hurt", { videoId: "8AHCfZTRGiI", title: "Johnny Cash - Hurt", channelTitle: "Johnny Cash" });
    let http;
    let token: string;
    ({ server, http, token } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_CHAT_MAX: "100000", ...youtube.env } }));
    secret = (await http.post("chat/admin/secret", { token })).body.secret;
  });
  afterAll(async () => {
    await server.close();
    await youtube.close();
  });
  beforeEach(async () => {
    await openEmptyQueue(server.deps);
    youtube.failure = null;
  });

  const say = async (command: string, query: Record<string, string>, headers: Record<string, string>) =>
    (await fetch(`${server.baseUrl}/chat/${secret}/${command}?${new URLSearchParams(query)}`, { headers })).text();
  const searches = () => youtube.requests.filter((url) => url.pathname.endsWith("/search") && url.searchParams.has("q"));

  it("queues the top music video, names it so !wrongsong can undo it, and asks YouTube once for the same words", async () => {
    expect(await say("sr", { q: "Never  Gonna Give You Up" }, nightbot("UCmia", "Mia"))).toMatch(
      /^@Mia: queued "Rick Astley - Never Gonna Give You Up \(Official Music Video\)" at #1, about \d+ min to wait\. Not the one you meant\? Type !wrongsong\.$/,
    );
    const entry = (await (await fetch(`${server.baseUrl}/queuer/queue`)).json())[0];
    expect(entry).toMatchObject({
      link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      track_title: "Rick Astley - Never Gonna Give You Up (Official Music Video)",
      artist_name: "Rick Astley",
    });
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.searchParams.get("videoCategoryId")).toBe("10");
    expect(await say("sr", { q: "never gonna give you up" }, nightbot("UCleo", "Leo"))).toBe("@Leo: that song is already in the queue.");
    expect(searches()).toHaveLength(1);
    expect(await say("wrongsong", {}, nightbot("UCmia", "Mia"))).toBe('@Mia: took "Rick Astley - Never Gonna Give You Up (Official Music Video)" out of the queue.');
  });

  it("says when nothing is found or YouTube cannot be asked", async () => {
    expect(await say("sr", { q: "no such song anywhere" }, nightbot("UCana", "Ana"))).toBe('@Ana: no song found for "no such song anywhere". Try other words or a link.');
    youtube.failure = "error";
    expect(await say("sr", { q: "hurt" }, nightbot("UCana", "Ana"))).toBe("@Ana: your request could not be added right now. Please try again in a moment.");
    youtube.failure = null;
    expect(await say("sr", { q: "hurt" }, nightbot("UCana", "Ana"))).toMatch(/^@Ana: queued "Johnny Cash - Hurt" at #1/);
  });
});
