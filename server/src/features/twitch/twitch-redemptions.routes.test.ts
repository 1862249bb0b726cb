import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startFakeTwitch, type FakeTwitch } from "../../test/fake-twitch";
import { describeEachDatabase, startTwoInstancesOverRedis, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { TEST_SYSTEM, resetQueue } from "../../test/factories";
import { chatRequestLines } from "../chat-requests/chat-request-lines";
import { connectTwitch, eventually, redeem, sayInChat, waitingNames } from "../../test/twitch";

const viewer = (n: number) => ({ id: `90${n}`, name: `Viewer${n}` });
const song = (n: number) => `https://www.youtube.com/watch?v=song${String(n).padStart(7, "0")}`;

describeEachDatabase("Channel-point redemptions", (dialect) => {
  let fake: FakeTwitch;
  let a: TestApp;
  let b: TestApp;
  let http: HttpClient;
  let token: string;
  let rewardId: string;
  let skipRewardId: string;

  /** The instance holding the reader's lease. */
  const reader = () => (a.deps.services.twitchReader.isReading ? a : b);
  const runOutboxOnBoth = () => Promise.all([a.deps.services.outbox.runDue(), b.deps.services.outbox.runDue()]);

  beforeAll(async () => {
    fake = await startFakeTwitch();
    ({ a, b } = await startTwoInstancesOverRedis(dialect, fake.env));
    http = httpClient(a.baseUrl);
    token = (await createTestAdmin(a.deps)).accessToken;
    await connectTwitch(http, token, fake);
    const rewards = (await http.post("/admin/twitch/rewards", { token, json: { request_cost: 300, skip_cost: 3000 } })).body;
    rewardId = rewards.request_reward_id;
    skipRewardId = rewards.skip_reward_id;
    a.deps.services.twitchReader.start();
    b.deps.services.twitchReader.start();
    await eventually(() => expect(fake.eventSub.isListening("channel.channel_points_custom_reward_redemption.add")).toBe(true));
  });
  afterAll(async () => {
    await a.deps.services.twitchReader.stop();
    await b.deps.services.twitchReader.stop();
    await b.close();
    await a.close();
    await fake.close();
  });
  beforeEach(async () => {
    await resetQueue(a.deps);
    await a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    fake.chatMessages.length = 0;
    fake.redemptionUpdates.length = 0;
  });

  it("reads the channel on one instance only", () => {
    expect([a.deps.services.twitchReader.isReading, b.deps.services.twitchReader.isReading].filter(Boolean)).toHaveLength(1);
  });

  it("queues a redemption with the viewer's name once, though Twitch delivers it twice", async () => {
    const id = redeem(fake, rewardId, viewer(1), song(1), { messageId: "delivery-1" });
    redeem(fake, rewardId, viewer(1), song(1), { id, messageId: "delivery-1" });
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer1"]));
    // The same redemption reaching the other instance (a reader that took over) is still queued once.
    const other = reader() === a ? b : a;
    await other.deps.services.twitchRequests.onRedemption({ id, rewardId, viewerId: "901", viewerName: "Viewer1", input: song(1), redeemedAt: new Date().toISOString() });
    expect(await waitingNames(a)).toEqual(["viewer1"]);
  });

  it("loses no redemption while Twitch moves the reader to a new socket", async () => {
    fake.eventSub.requestReconnect();
    // Two redemptions at the same moment are handled side by side: either may come first.
    redeem(fake, rewardId, viewer(2), song(2));
    redeem(fake, rewardId, viewer(3), song(3));
    await eventually(async () => expect((await waitingNames(a)).sort()).toEqual(["viewer2", "viewer3"]));
    redeem(fake, rewardId, viewer(4), song(4));
    await eventually(async () => expect((await waitingNames(a)).slice(2)).toEqual(["viewer4"]));
  });

  it("cancels a refused redemption exactly once, with two instances and a failing first call to Twitch", async () => {
    await a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    fake.failRedemptionUpdates = 1;
    const id = redeem(fake, rewardId, viewer(5), song(5));
    await eventually(async () => expect((await a.deps.services.twitchRequests.redemption(id))?.final_status).toBe("CANCELED"));
    await runOutboxOnBoth();
    await runOutboxOnBoth();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "CANCELED" }]);
    expect(fake.redemptions.get(id)?.status).toBe("CANCELED");
    expect(fake.chatMessages.map((line) => line.message)).toEqual([`${chatRequestLines.refused("Viewer5", "closed")} Your points were refunded.`]);
    expect(await waitingNames(a)).toEqual([]);
  });

  it("marks the redemption FULFILLED when the host plays the song", async () => {
    const id = redeem(fake, rewardId, viewer(6), song(6));
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer6"]));
    const first = await http.post("/active-queuer/play-next", { token, json: { current_id: null } });
    expect(first.status).toBe(200);
    const playing = (await a.deps.services.queue.list("active")).entries[0]!;
    expect((await http.post("/active-queuer/play-next", { token, json: { current_id: playing.id } })).status).toBe(200);
    await runOutboxOnBoth();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "FULFILLED" }]);
  });

  it("queues a chat !sr once and answers it in chat, though the message arrives twice", async () => {
    for (let delivery = 0; delivery < 2; delivery += 1) {
      sayInChat(fake, viewer(8), `!sr ${song(8)}`, { messageId: "chat-message-8", deliveryId: "chat-delivery-8", badges: ["subscriber"] });
    }
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer8"]));
    await eventually(() => expect(fake.chatMessages).toHaveLength(1));
    expect(fake.chatMessages[0]).toMatchObject({ broadcaster_id: "1001", sender_id: "1001" });
    expect(fake.chatMessages[0]!.message).toMatch(/^@Viewer8/);
    // The same message reaching the other instance (after a reader handover) is not answered again.
    const other = reader() === a ? b : a;
    await other.deps.services.twitchRequests.onChat({ messageId: "chat-message-8", chatterId: "908", chatterName: "Viewer8", text: `!sr ${song(8)}`, badges: ["subscriber"] });
    expect(fake.chatMessages).toHaveLength(1);
    expect(await waitingNames(a)).toEqual(["viewer8"]);
  });

  it("takes a raid of redemptions side by side, and each viewer's messages in the order they were sent", async () => {
    const raid = Array.from({ length: 30 }, (_, index) => viewer(20 + index));
    for (const [index, who] of raid.entries()) {
      redeem(fake, rewardId, who, song(20 + index));
      // One of them asks for a song in chat too and takes it back at once: the second waits for the first.
      if (index === 10) {
        sayInChat(fake, viewer(60), `!sr ${song(60)}`, { messageId: "raid-sr" });
        sayInChat(fake, viewer(60), "!wrongsong", { messageId: "raid-wrongsong" });
      }
    }
    await eventually(async () => expect((await waitingNames(a)).sort()).toEqual(raid.map((who) => who.name.toLowerCase()).sort()));
    await eventually(() => expect(fake.chatMessages.map((line) => line.message)).toContainEqual(expect.stringMatching(/^@Viewer60: took ".*" out of the queue\.$/)));
    expect(fake.redemptionUpdates).toEqual([]);
  });

  it("puts a Skip the line redemption ahead of the plain requests", async () => {
    redeem(fake, rewardId, viewer(9), song(9));
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer9"]));
    redeem(fake, skipRewardId, viewer(10), song(10));
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer10", "viewer9"]));
  });

  it("forgets chat message ids a day old, keeping the recent ones", async () => {
    const db = a.database.db;
    await db
      .insertInto("twitch_chat_seen")
      .values([
        { message_id: "old-message", seen_at: new Date(Date.now() - 25 * 3600_000).toISOString() },
        { message_id: "recent-message", seen_at: new Date().toISOString() },
      ])
      .execute();
    await a.deps.services.twitchRequests.forgetOldChat();
    const kept = (await db.selectFrom("twitch_chat_seen").select("message_id").execute()).map((row) => row.message_id);
    expect(kept).toContain("recent-message");
    expect(kept).not.toContain("old-message");
  });

  it("refunds a redemption whose song the host removed unplayed, with a line saying why", async () => {
    const id = redeem(fake, rewardId, viewer(7), song(7));
    await eventually(async () => expect(await waitingNames(a)).toEqual(["viewer7"]));
    const entry = (await a.deps.services.queue.list("waiting")).entries[0]!;
    expect((await http.delete(`/queuer/${entry.id}/admin`, { token })).status).toBe(200);
    await eventually(async () => expect((await a.deps.services.twitchRequests.redemption(id))?.final_status).toBe("CANCELED"));
    await runOutboxOnBoth();
    expect(fake.redemptionUpdates).toEqual([{ id, status: "CANCELED" }]);
    expect(fake.chatMessages.at(-1)?.message).toBe("@Viewer7 Your song request was removed from the queue before it was played. Your points were refunded.");
  });
});
