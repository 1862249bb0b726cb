import { afterAll, beforeAll, expect, it } from "vitest";
import { TWITCH_MESSAGES } from "@common/twitch";
import { startFakeTwitch, type FakeTwitch } from "../../test/fake-twitch";
import { describeEachDatabase, startRouteTestApp, type RouteTestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { connectTwitch, eventually } from "../../test/twitch";
import { createFakeClock } from "../../test/fake-clock";
import { setTimeout as sleep } from "node:timers/promises";

describeEachDatabase("Connecting the Twitch channel", (dialect) => {
  let fake: FakeTwitch;
  let route: RouteTestApp;
  const clock = createFakeClock();

  beforeAll(async () => {
    fake = await startFakeTwitch();
    route = await startRouteTestApp(dialect, { env: fake.env, clock });
  });
  afterAll(async () => {
    await route.server.deps.services.twitchReader.stop();
    await route.server.close();
    await fake.close();
  });

  it("says Twitch is not configured on a server without a Twitch app", async () => {
    const bare = await startRouteTestApp(dialect);
    try {
      const status = await bare.http.get("/admin/twitch", { token: bare.token });
      expect(status.body).toMatchObject({ state: "not_configured", reason: TWITCH_MESSAGES.notConfigured });
      const connect = await bare.http.post("/admin/twitch/connect", { token: bare.token });
      expect(connect).toMatchObject({ status: 400, body: { detail: TWITCH_MESSAGES.notConfigured } });
    } finally {
      await bare.server.close();
    }
  });

  it("refuses the connection to anyone but an admin", async () => {
    expect((await httpClient(route.server.baseUrl).get("/admin/twitch")).status).toBe(401);
    expect((await route.http.post("/admin/twitch/connect")).status).toBe(401);
  });

  it("connects the broadcaster's channel, keeps the tokens encrypted and reads chat once connected", async () => {
    const landed = await connectTwitch(route.http, route.token, fake, { id: "1001", login: "streamer" });
    expect(landed.pathname).toBe("/admin/chat-commands");
    expect(landed.searchParams.get("twitch")).toBe("connected");
    const stored = await route.server.database.db.selectFrom("twitch_connection").selectAll().executeTakeFirstOrThrow();
    const issued = fake.tokenRequests.length;
    expect(issued).toBe(1);
    expect(stored.access_token).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(fake.tokenRequests[0]!.code!);

    fake.liveLogins.add("streamer");
    route.server.deps.services.twitchReader.start();
    await eventually(() => {
      expect(fake.eventSub.isListening("channel.chat.message")).toBe(true);
      expect(fake.eventSub.isListening("channel.channel_points_custom_reward_redemption.add")).toBe(true);
    });
    const status = await eventually(async () => {
      const answer = await route.http.get("/admin/twitch", { token: route.token });
      expect(answer.body.state).toBe("connected");
      return answer.body;
    });
    expect(status).toMatchObject({ reason: null, channel: { id: "1001", login: "streamer" }, missing_scopes: [] });
  });

  it("says the stream is offline once Twitch lists it no more", async () => {
    fake.liveLogins.delete("streamer");
    clock.advance(31_000);
    expect((await route.http.get("/admin/twitch", { token: route.token })).body).toMatchObject({ state: "connected", reason: TWITCH_MESSAGES.streamOffline });
    fake.liveLogins.add("streamer");
    clock.advance(31_000);
    expect((await route.http.get("/admin/twitch", { token: route.token })).body).toMatchObject({ state: "connected", reason: null });
  });

  it("refreshes an expired access token and goes on with the new one", async () => {
    fake.expireAccessTokens();
    const created = await route.http.post("/admin/twitch/rewards", { token: route.token, json: { request_cost: 500, skip_cost: 5000 } });
    expect(created.status).toBe(200);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "refresh_token" });
    expect([...fake.rewards.values()].map((reward) => [reward.title, reward.cost, reward.is_user_input_required])).toEqual([
      ["Request a song", 500, true],
      ["Skip the line", 5000, true],
    ]);
    expect(created.body.request_reward_id).toBe([...fake.rewards.keys()][0]);
  });

  it("refuses a reward without a valid cost with the catalogue's message", async () => {
    const answer = await route.http.post("/admin/twitch/rewards", { token: route.token, json: { request_cost: 0 } });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].msg).toBe(TWITCH_MESSAGES.rewardCostInvalid);
  });

  it("shows the token revoked when Twitch revokes the subscription", async () => {
    fake.eventSub.revoke("channel.chat.message", "authorization_revoked");
    const status = await eventually(async () => {
      const answer = await route.http.get("/admin/twitch", { token: route.token });
      expect(answer.body.state).toBe("stopped");
      return answer.body;
    });
    expect(status.reason).toBe(TWITCH_MESSAGES.tokenRevoked);
  });

  it("names the missing scope when the host did not grant reading chat", async () => {
    // twurple sends one Helix request at a time, in the order its token lookups finish. When chat's
    // subscription goes first, the redemptions one is answered after the reader, refused chat, has
    // stopped listening: what that late answer says must not replace the reason the host needs to read.
    // When the redemptions one goes first, it is answered before chat's is sent, and nothing is late.
    const reader = route.server.deps.services.twitchReader;
    const asked: string[] = [];
    let answered = 0;
    fake.holdSubscription = async ({ type }) => {
      asked.push(type);
      const late = type !== "channel.chat.message" && asked[0] === "channel.chat.message";
      if (late) await eventually(() => expect(reader.isReading).toBe(false));
      answered += 1;
      return late ? "session_gone" : undefined;
    };
    try {
      await connectTwitch(route.http, route.token, fake, { grantScopes: ["user:write:chat", "channel:manage:redemptions"] });
      await eventually(() => expect(answered).toBe(2));
      // Room for the last answer to reach the reader (a wrong reason would be written by then).
      await sleep(50);
      const status = (await route.http.get("/admin/twitch", { token: route.token })).body;
      expect(status).toMatchObject({ state: "stopped", reason: TWITCH_MESSAGES.missingScope("user:read:chat"), missing_scopes: ["user:read:chat"] });
    } finally {
      fake.holdSubscription = null;
    }
  });
});
