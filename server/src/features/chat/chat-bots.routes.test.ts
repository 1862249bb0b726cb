import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { SKIP_VOTE_MESSAGES } from "@common/skip-votes";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import { openEmptyQueue, TEST_SYSTEM } from "../../test/factories";
import { startFakeFossabot, type FakeFossabot } from "../../test/fake-fossabot";

/** The header Nightbot's $(urlfetch) sends, form-encoded as Nightbot writes it. */
const nightbotUser = (id: string, displayName: string, userLevel = "everyone", provider = "twitch") =>
  new URLSearchParams({ name: displayName.toLowerCase(), displayName, provider, providerId: id, userLevel }).toString();
const nightbot = (id: string, name: string, userLevel?: string) => ({
  "nightbot-user": nightbotUser(id, name, userLevel),
  "nightbot-channel": new URLSearchParams({ name: "host", displayName: "Host", provider: "twitch", providerId: "900" }).toString(),
});

describeEachDatabase("chat requests through the bots", (dialect) => {
  let server: TestApp;
  let fossabot: FakeFossabot;
  let secret: string;

  beforeAll(async () => {
    fossabot = await startFakeFossabot();
    let token: string;
    let http;
    ({ server, http, token } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_CHAT_MAX: "100000", ...fossabot.env } }));
    secret = (await http.post("chat/admin/secret", { token })).body.secret;
  });
  afterAll(async () => {
    await server.close();
    await fossabot.close();
  });
  beforeEach(async () => {
    await openEmptyQueue(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "chatRequestMinimumRole", "everyone");
    fossabot.failure = null;
  });

  /** What the bot posts: always one plain line under 400 characters, never an error page. */
  async function say(command: string, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<string> {
    const search = new URLSearchParams(query).toString();
    const response = await fetch(`${server.baseUrl}/chat/${secret}/${command}${search ? `?${search}` : ""}`, { headers });
    const line = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.length).toBeLessThan(400);
    return line;
  }

  it("takes Nightbot's caller from its headers: a renamed viewer keeps their song, !position alone is their own", async () => {
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, nightbot("5001", "Mia"))).toMatch(/^@Mia: queued your song at #1, about \d+ min to wait\.$/);
    expect(await say("position", {}, nightbot("5001", "MiaRenamed"))).toMatch(/^@MiaRenamed: your song is #1 in the queue/);
    expect(await say("position", {}, nightbot("5002", "Mia"))).toBe("@Mia: you have no song in the queue right now.");
    expect(await say("position", { name: "mia" }, nightbot("5002", "Someone"))).toMatch(/^Song of Mia: #1 in the queue/);
    expect(await say("wrongsong", {}, nightbot("5001", "MiaRenamed"))).toBe('@MiaRenamed: took "Empty!" out of the queue.');
  });

  it("lets only the roles the host chose request, from Nightbot's userLevel, and tells the others who can", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "chatRequestMinimumRole", "vip");
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, nightbot("5003", "Ana", "subscriber"))).toBe("@Ana: only vips, moderators can request songs here.");
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, nightbot("5003", "Ana", "a-level-nobody-documented"))).toMatch(/^@Ana: only vips/);
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, nightbot("5003", "Ana", "moderator"))).toMatch(/^@Ana: queued/);
  });

  it("proves a Fossabot call with Fossabot's one-time validation, and reads the chatter and roles from its context", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "chatRequestMinimumRole", "subscriber");
    const headers = fossabot.call({ providerId: "7001", login: "leo", displayName: "Leo", roles: ["subscriber", "custom"] });
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, headers)).toMatch(/^@Leo: queued your song at #1/);
    expect(fossabot.requests.slice(-2)).toEqual([
      `/v2/customapi/validate/${headers["x-fossabot-customapitoken"]}`,
      `/v2/customapi/context/${headers["x-fossabot-customapitoken"]}`,
    ]);
    // The same token again proves nothing: Fossabot's validation is single-use.
    expect(await say("wrongsong", {}, headers)).toBe("This request could not be confirmed as coming from Fossabot, so it was not taken.");
    expect(await say("position", {}, fossabot.call({ providerId: "7001", login: "leo", displayName: "Leo", roles: [] }))).toMatch(/^@Leo: your song is #1/);
    const everyone = fossabot.call({ providerId: "7002", login: "bo", displayName: "Bo", roles: ["custom"] });
    expect(await say("sr", { q: "https://youtu.be/abcdefghijk" }, everyone)).toBe("@Bo: only subscribers and members, vips, moderators can request songs here.");
    fossabot.failure = "error";
    expect(await say("sr", { q: "https://youtu.be/abcdefghijk" }, fossabot.call({ providerId: "7003", login: "cy", displayName: "Cy", roles: [] }))).toBe(
      "Fossabot could not confirm who asked right now. Please try again in a moment.",
    );
  });

  it("takes StreamElements' ${user} from the URL, and asks for the caller when a command passes nobody", async () => {
    expect(await say("sr", { user: "Zoe", q: "https://youtu.be/dQw4w9WgXcQ" })).toMatch(/^@Zoe: queued/);
    expect(await say("sr", { user: "@zoe", q: "https://youtu.be/abcdefghijk" })).toBe("@zoe: you already have a song in the queue. Type !wrongsong to take it out first.");
    expect(await say("sr", { q: "https://youtu.be/abcdefghijk" })).toBe("Could not tell who asked: the host needs to paste this command again from the queue's chat page.");
    expect(await say("position")).toBe("Add a name after the command, like !position yourname.");
    expect(await say("skip", {}, nightbot("5001", "Mia"))).toBe(SKIP_VOTE_MESSAGES.off);
  });

  it("answers bad input with a line, never an error page", async () => {
    expect(await say("sr", { q: "x".repeat(1999) }, nightbot("5004", "Ed"))).toBe("@Ed: send a song link after !sr, like !sr https://youtu.be/dQw4w9WgXcQ");
    expect(await say("sr", { q: "https://127.0.0.1/admin" }, nightbot("5004", "Ed"))).toMatch(/^@Ed: that is not a song link/);
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, { "nightbot-user": "%%%&&&=", "x-fossabot-customapitoken": "" })).toMatch(/^Could not tell who asked/);
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, nightbot("5005", "\u202eEvil\nName /ban host"))).toMatch(/^@EvilName \/ban host: queued/);
    expect(await say("sr", { q: "https://youtu.be/dQw4w9WgXcQ" }, { "nightbot-user": nightbotUser("x".repeat(3000), "Long".repeat(300)) })).toMatch(/^@(Long)+: /);
  });
});

describeEachDatabase("chat requests when the queue cannot answer", (dialect) => {
  it("answers a failure with a line a bot can post, never an error page", async () => {
    const { server, http, token } = await startRouteTestApp(dialect);
    try {
      const { secret } = (await http.post("chat/admin/secret", { token })).body;
      await openEmptyQueue(server.deps);
      await server.deps.db.schema.dropTable("chat_entries").execute();
      const response = await fetch(`${server.baseUrl}/chat/${secret}/sr?q=${encodeURIComponent("https://youtu.be/dQw4w9WgXcQ")}`, { headers: nightbot("6001", "Io") });
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("The queue could not answer right now. Please try again in a moment.");
    } finally {
      await server.close();
    }
  });
});
