import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { openEmptyQueue, TEST_SYSTEM } from "../../test/factories";
import { createTestUser } from "../../test/users";
import type { ChatIdentity } from "./chat-requests.service";

const leo: ChatIdentity = { platform: "twitch", platformUserId: "1001", displayName: "Leo" };
const request = (identity: ChatIdentity, text: string, roles: ("subscriber" | "moderator" | "vip")[] = []) => ({ identity, roles, text, source: "nightbot" }) as const;

describeEachDatabase("requests from chat", (dialect) => {
  let server: TestApp;
  const chat = () => server.deps.services.chatRequests;
  const setting = (name: "chatRequestMinimumRole" | "chatLimitExemptRoles" | "submissionsPerStream" | "isSubmissionsOpen" | "isQueueOn", value: string) =>
    server.deps.services.settings.set(TEST_SYSTEM, name, value);

  beforeAll(async () => {
    server = await startTestApp(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await openEmptyQueue(server.deps);
    await server.deps.db.deleteFrom("bans").execute();
    await server.deps.events.emit("bans.changed", { ban_id: "all" });
    await setting("chatRequestMinimumRole", "everyone");
    await setting("chatLimitExemptRoles", "");
    await setting("submissionsPerStream", "0");
  });

  it("queues a link under the chat identity and tells the viewer where and how long", async () => {
    const reply = await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    expect(reply).toMatchObject({ refusal: null, line: expect.stringMatching(/^@Leo: queued your song at #1, about \d+ min to wait\.$/) });
    const entry = await server.deps.services.queue.getLiveEntry(reply.entryId!);
    expect(entry).toMatchObject({ youtube_username: "Leo", link: "https://youtu.be/dQw4w9WgXcQ" });
    expect((await chat().positionOf(leo)).line).toMatch(/^@Leo: your song is #1 in the queue/);
  });

  it("keeps the entry of a renamed viewer, and tells another viewer of the same name they have none", async () => {
    await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    expect((await chat().positionOf({ ...leo, displayName: "LeoTheGreat" })).line).toMatch(/^@LeoTheGreat: your song is #1/);
    expect((await chat().positionOf({ platform: "twitch", platformUserId: "2002", displayName: "Leo" })).line).toBe("@Leo: you have no song in the queue right now.");
    expect((await chat().requestFromChat(request({ ...leo, displayName: "LeoTheGreat" }, "https://youtu.be/abcdefghijk"))).refusal).toBe("already_queued");
  });

  it("refuses with the reason: closed, paused, duplicate, already queued, not a link", async () => {
    await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    const ana: ChatIdentity = { platform: "youtube", platformUserId: "UCana", displayName: "Ana" };
    expect(await chat().requestFromChat(request(ana, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"))).toEqual({
      line: "@Ana: that song is already in the queue.",
      entryId: null,
      refusal: "duplicate",
    });
    expect((await chat().requestFromChat(request(leo, "https://youtu.be/abcdefghijk"))).line).toBe(
      "@Leo: you already have a song in the queue. Type !wrongsong to take it out first.",
    );
    expect((await chat().requestFromChat(request(ana, "never gonna give you up"))).refusal).toBe("no_search");
    expect((await chat().requestFromChat(request(ana, ""))).refusal).toBe("no_search");
    await setting("isSubmissionsOpen", "false");
    expect((await chat().requestFromChat(request(ana, "https://youtu.be/abcdefghijk"))).line).toBe("@Ana: requests are paused right now. Try again soon.");
    await setting("isQueueOn", "false");
    expect((await chat().requestFromChat(request(ana, "https://youtu.be/abcdefghijk"))).refusal).toBe("closed");
  });

  it("lets only the roles the host chose request, and exempts the chosen roles from the per-person limit", async () => {
    await setting("chatRequestMinimumRole", "subscriber");
    expect(await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"))).toMatchObject({
      refusal: "not_allowed",
      line: "@Leo: only subscribers and members, vips, moderators can request songs here.",
    });
    expect((await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ", ["subscriber"]))).refusal).toBeNull();
    await chat().withdrawLastRequest(leo);
    await setting("submissionsPerStream", "1");
    expect((await chat().requestFromChat(request(leo, "https://youtu.be/abcdefghijk", ["subscriber"]))).refusal).toBe("over_limit");
    await setting("chatLimitExemptRoles", "vip,moderator");
    expect((await chat().requestFromChat(request(leo, "https://youtu.be/abcdefghijk", ["subscriber", "vip"]))).refusal).toBeNull();
  });

  it("gives a request paid on the platform its priority and says where it was paid", async () => {
    await chat().requestFromChat(request({ ...leo, platformUserId: "1003" }, "https://youtu.be/abcdefghijk"));
    const reply = await chat().requestFromChat({
      ...request(leo, "https://youtu.be/dQw4w9WgXcQ"),
      source: "twitch_points",
      priority: { level: 2, paymentSource: "channel_points" },
    });
    expect(reply.line).toMatch(/^@Leo: queued your song at #1,/);
    expect(await server.deps.services.queue.getLiveEntry(reply.entryId!)).toMatchObject({ priority_level: 2, payment_source: "channel_points" });
  });

  it("withdraws the viewer's own song with !wrongsong, and says so when there is none", async () => {
    await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    expect((await chat().withdrawLastRequest(leo)).line).toBe('@Leo: took "Empty!" out of the queue.');
    expect((await chat().withdrawLastRequest(leo)).line).toBe("@Leo: you have no song waiting in the queue.");
    expect((await server.deps.services.queue.overview()).waiting_queue).toBe(0);
  });

  it("counts a chat command as a sign of life: a viewer held for inactivity is put back by !position", async () => {
    await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    expect(await server.deps.services.queue.holdInactiveSince(TEST_SYSTEM, new Date(Date.now() + 60_000))).toBe(1);
    expect((await chat().positionOf({ ...leo, displayName: "Leo" })).line).toMatch(/^@Leo: your song is #1 in the queue/);
  });

  it("applies a ban to the chat identity, whatever name it uses", async () => {
    await server.deps.services.moderation.ban(TEST_SYSTEM, { kind: "chat", value: "Twitch:1001", reason: "spam" });
    const renamed = await chat().requestFromChat(request({ ...leo, displayName: "NotLeo" }, "https://youtu.be/dQw4w9WgXcQ"));
    expect(renamed).toMatchObject({ refusal: "banned", line: "@NotLeo: you can't request songs here: the host has banned you." });
    expect((await chat().requestFromChat(request({ platform: "youtube", platformUserId: "1001", displayName: "Leo" }, "https://youtu.be/dQw4w9WgXcQ"))).refusal).toBeNull();
  });

  it("queues one entry when the same request arrives twice at once", async () => {
    const replies = await Promise.all([chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ")), chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"))]);
    expect(replies.filter((reply) => reply.refusal === null)).toHaveLength(1);
    expect(replies.map((reply) => reply.refusal).filter(Boolean)[0]).toMatch(/^(already_queued|duplicate)$/);
    expect((await server.deps.services.queue.overview()).waiting_queue).toBe(1);
  });

  it("makes a linked member's chat and web requests one person: one entry, in their history", async () => {
    const member = await createTestUser(server.deps);
    const accountId = member.user.user_id;
    await chat().requestFromChat(request(leo, "https://youtu.be/dQw4w9WgXcQ"));
    expect(await chat().linkToAccount({ platform: "twitch", platformUserId: "1001", displayName: "Leo" }, accountId)).toBe(1);
    const actor = { kind: "person", userId: accountId, guestId: null, invalidGuestSecret: false } as const;
    await expect(server.deps.services.queue.submit({ actor, input: { link: "https://youtu.be/abcdefghijk" } })).rejects.toMatchObject({ status: 409 });
    expect((await server.deps.services.queue.getLiveEntry(accountId))?.link).toBe("https://youtu.be/dQw4w9WgXcQ");
    await chat().withdrawLastRequest(leo);
    const history = await server.deps.db.selectFrom("submissions").select("owner_id").where("link", "=", "https://youtu.be/dQw4w9WgXcQ").execute();
    expect(history).toEqual([{ owner_id: accountId }]);
    await server.deps.services.queue.submit({ actor, input: { link: "https://youtu.be/abcdefghijk" } });
    expect((await chat().requestFromChat(request(leo, "https://youtu.be/zzzzzzzzzzz"))).refusal).toBe("already_queued");
    expect((await server.deps.services.queue.overview()).waiting_queue).toBe(1);
  });
});
