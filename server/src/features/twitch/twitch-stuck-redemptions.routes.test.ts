import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startFakeTwitch, type FakeTwitch } from "../../test/fake-twitch";
import { describeEachDatabase, startRouteTestApp, type RouteTestApp } from "../../test/test-app";
import { createFakeClock } from "../../test/fake-clock";
import { TEST_SYSTEM, resetQueue } from "../../test/factories";
import { connectTwitch, waitingNames } from "../../test/twitch";
import { createTestAdmin } from "../../test/admins";

const HOUR = 3_600_000;
const song = (n: number) => `https://www.youtube.com/watch?v=stuck${String(n).padStart(6, "0")}`;

describeEachDatabase("Redemptions an instance stopped handling midway", (dialect) => {
  let fake: FakeTwitch;
  let route: RouteTestApp;
  let rewardId: string;
  const clock = createFakeClock();
  const services = () => route.server.deps.services;
  const redemption = (id: string) => services().twitchRequests.redemption(id);

  /** What an instance left behind when it stopped right after recording the redemption: Twitch holds it UNFULFILLED. */
  async function recordedThenStopped(n: number): Promise<string> {
    const id = `stuck-${n}-${Math.random().toString(36).slice(2)}`;
    fake.redemptions.set(id, { rewardId, status: "UNFULFILLED" });
    await route.server.database.db
      .insertInto("twitch_redemptions")
      .values({
        id,
        reward_id: rewardId,
        viewer_id: `70${n}`,
        viewer_name: `Viewer${n}`,
        user_input: song(n),
        entry_id: null,
        refusal: null,
        final_status: null,
        redeemed_at: clock.now().toISOString(),
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    fake = await startFakeTwitch();
    route = await startRouteTestApp(dialect, { env: fake.env, clock });
    await connectTwitch(route.http, route.token, fake);
    rewardId = (await route.http.post("/admin/twitch/rewards", { token: route.token, json: { request_cost: 300 } })).body.request_reward_id;
  });
  afterAll(async () => {
    await route.server.close();
    await fake.close();
  });
  beforeEach(async () => {
    await resetQueue(route.server.deps);
    await services().settings.set(TEST_SYSTEM, "isQueueOn", "true");
    fake.redemptionUpdates.length = 0;
    fake.chatMessages.length = 0;
    fake.outage = false;
  });

  it("refunds a redemption that never became a request, once, after giving it time to finish", async () => {
    const id = await recordedThenStopped(1);
    await services().twitchRequests.settleStuckRedemptions();
    await services().outbox.runDue();
    expect(fake.redemptionUpdates).toEqual([]);

    clock.advance(11 * 60_000);
    await Promise.all([services().twitchRequests.settleStuckRedemptions(), services().twitchRequests.settleStuckRedemptions()]);
    await services().outbox.runDue();
    await services().twitchRequests.settleStuckRedemptions();
    await services().outbox.runDue();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "CANCELED" }]);
    expect(fake.chatMessages.map((line) => line.message)).toEqual([
      "@Viewer1 Your song request could not be queued: the app was interrupted. Please request it again. Your points were refunded.",
    ]);
    expect(await redemption(id)).toMatchObject({ final_status: "CANCELED" });
  });

  it("links the entry a redemption had become, and fulfills it when the song is played", async () => {
    const id = await recordedThenStopped(2);
    const queued = await services().chatRequests.requestFromChat({
      identity: { platform: "twitch", platformUserId: "702", displayName: "Viewer2" },
      roles: [],
      text: song(2),
      source: "twitch_points",
    });
    clock.advance(11 * 60_000);
    await services().twitchRequests.settleStuckRedemptions();
    expect(await redemption(id)).toMatchObject({ entry_id: queued.entryId, final_status: null });
    expect(await waitingNames(route.server)).toEqual(["viewer2"]);

    const token = (await createTestAdmin(route.server.deps)).accessToken;
    expect((await route.http.post("/active-queuer/play-next", { token, json: { current_id: null } })).status).toBe(200);
    expect((await route.http.post("/active-queuer/play-next", { token, json: { current_id: queued.entryId } })).status).toBe(200);
    await services().outbox.runDue();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "FULFILLED" }]);
  });

  it("keeps the refund through a long Twitch outage and cancels exactly once when Twitch is back", async () => {
    const id = await recordedThenStopped(3);
    clock.advance(11 * 60_000);
    fake.outage = true;
    await services().twitchRequests.settleStuckRedemptions();
    // Each hour the stored token has run out: the refresh fails too, as everything at Twitch does.
    for (let hour = 0; hour < 12; hour += 1) {
      clock.advance(HOUR);
      await services().outbox.runDue();
      await services().twitchRequests.settleStuckRedemptions();
    }
    expect(fake.redemptionUpdates).toEqual([]);
    expect(fake.redemptions.get(id)?.status).toBe("UNFULFILLED");
    const waiting = await route.server.database.db
      .selectFrom("outbox")
      .select(["attempts", "failed_at", "done_at"])
      .where("id", "=", `twitch:redemption:${id}`)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ failed_at: null, done_at: null });
    expect(waiting.attempts).toBeGreaterThanOrEqual(12);

    fake.outage = false;
    await services().outbox.runDue();
    await services().outbox.runDue();
    clock.advance(HOUR);
    await services().outbox.runDue();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "CANCELED" }]);
    expect(fake.redemptions.get(id)?.status).toBe("CANCELED");
  });
});
