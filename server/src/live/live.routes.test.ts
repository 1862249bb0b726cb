import Fastify, { type FastifyInstance } from "fastify";
import fastifyWebsocket from "@fastify/websocket";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POLICY_VIOLATION_CLOSE_CODE } from "@common/live";
import { describeEachDatabase, startTestApp, type TestApp } from "../test/test-app";
import { createTestAdmin, type TestAdmin } from "../test/admins";
import { connectSocket, type TestSocket } from "../test/live";
import { makeSubmission } from "../test/factories";
import { registerLiveRoutes } from "./live.routes";

describeEachDatabase("live sockets", (dialect) => {
  let server: TestApp;
  let admin: TestAdmin;
  const open: TestSocket[] = [];

  async function connect(path: string): Promise<TestSocket> {
    const socket = await connectSocket(`${server.wsUrl}${path}`);
    open.push(socket);
    return socket;
  }
  const publish = (...args: Parameters<TestApp["deps"]["live"]["publish"]>) => server.deps.live.publish(...args);

  beforeAll(async () => {
    server = await startTestApp(dialect);
    admin = await createTestAdmin(server.deps);
  });
  afterAll(async () => {
    await Promise.all(open.map((socket) => socket.close()));
    await server.close();
  });

  describe("/ws/public", () => {
    it("greets a new socket and answers a ping with a pong", async () => {
      const socket = await connect("/ws/public");
      expect(await socket.next("connection_established")).toEqual({ type: "connection_established", room: "public" });
      const sentAt = Date.now();
      socket.send({ type: "ping" });
      const pong = await socket.next("pong");
      expect(Date.parse(pong.timestamp)).toBeGreaterThanOrEqual(sentAt);
    });

    it("answers bad JSON, unknown types and malformed messages with an error, and stays open", async () => {
      const socket = await connect("/ws/public");
      socket.send("{not json");
      expect(await socket.next("error")).toEqual({ type: "error", message: "Message must be JSON" });
      socket.send({ type: "dance" });
      expect((await socket.next("error")).message).toBe("Unknown message type: dance");
      socket.send({ type: "subscribe_queue", queue_types: ["backstage"] });
      expect((await socket.next("error")).message).toMatch(/^Invalid subscribe_queue message/);
      socket.send({ type: "ping" });
      await socket.next("pong");
    });

    it("answers a position request with a position_update for the socket's user or the one asked for", async () => {
      const tagged = await connect("/ws/public?user_id=guest_abc");
      tagged.send({ type: "request_position" });
      expect(await tagged.next("position_update")).toEqual({ type: "position_update", user_id: "guest_abc" });
      tagged.send({ type: "request_position", user_id: "guest_xyz" });
      expect(await tagged.next("position_update")).toEqual({ type: "position_update", user_id: "guest_xyz" });

      const untagged = await connect("/ws/public");
      untagged.send({ type: "request_position" });
      expect(await untagged.next("error")).toEqual({ type: "error", message: "user_id is required" });
    });

    it("sends a user's messages only to the sockets tagged with that user", async () => {
      const phone = await connect("/ws/public?user_id=user_1");
      const laptop = await connect("/ws/public?user_id=user_1");
      const someoneElse = await connect("/ws/public?user_id=user_2");
      const adminSocket = await connect(`/ws/admin?token=${admin.accessToken}`);
      await publish({
        target: { kind: "user", userId: "user_1" },
        message: { type: "submission_played", artist_name: "Nova", track_title: "Tides", played_at: "2026-11-22T03:00:00.000Z" },
      });
      for (const socket of [phone, laptop]) {
        expect(await socket.next("submission_played")).toMatchObject({ artist_name: "Nova", track_title: "Tides" });
      }
      await Promise.all([someoneElse.expectNone("submission_played"), adminSocket.expectNone("submission_played")]);
    });

    it("sends queue updates for every list unless the socket subscribed to fewer", async () => {
      const everything = await connect("/ws/public");
      const waitingOnly = await connect("/ws/public");
      waitingOnly.send({ type: "subscribe_queue", queue_types: ["waiting"] });
      waitingOnly.send({ type: "ping" });
      await waitingOnly.next("pong");

      await publish({ target: { kind: "all" }, message: { type: "queue_update", queue_type: "active", total_count: 1 } });
      await publish({ target: { kind: "all" }, message: { type: "queue_update", queue_type: "waiting", total_count: 4 } });
      expect(await everything.next("queue_update")).toEqual({ type: "queue_update", queue_type: "active", total_count: 1 });
      expect(await everything.next("queue_update")).toEqual({ type: "queue_update", queue_type: "waiting", total_count: 4 });
      expect(await waitingOnly.next("queue_update")).toEqual({ type: "queue_update", queue_type: "waiting", total_count: 4 });
      await waitingOnly.expectNone("queue_update");
    });

    it("refuses a user id longer than any the app hands out", async () => {
      const socket = await connect(`/ws/public?user_id=${"x".repeat(201)}`);
      expect((await socket.closed).code).toBe(POLICY_VIOLATION_CLOSE_CODE);
    });

    it("refuses a user id with a NUL or another control character, which no submitter has", async () => {
      for (const id of ["%00", "guest%00x", "a%0Ab"]) {
        const socket = await connect(`/ws/public?user_id=${id}`);
        expect((await socket.closed).code).toBe(POLICY_VIOLATION_CLOSE_CODE);
      }
    });

    it("reaches hundreds of sockets with one event", async () => {
      const crowd = await Promise.all(Array.from({ length: 300 }, () => connectSocket(`${server.wsUrl}/ws/public`)));
      open.push(...crowd);
      await publish({ target: { kind: "all" }, message: { type: "queue_update", queue_type: "waiting", total_count: 7 } });
      const updates = await Promise.all(crowd.map((socket) => socket.next("queue_update")));
      expect(updates.every((update) => update.total_count === 7)).toBe(true);
    });
  });

  describe("/ws/admin", () => {
    it("accepts an admin token, greets the admin room and sends it the admins' messages", async () => {
      const adminSocket = await connect(`/ws/admin?token=${admin.accessToken}`);
      const viewer = await connect("/ws/public");
      expect(await adminSocket.next("connection_established")).toEqual({ type: "connection_established", room: "admin" });
      const notice = { type: "system_message", message_type: "warning", message: "Stream starts late", timestamp: "2026-11-22T03:00:00.000Z" } as const;
      await publish({ target: { kind: "admins" }, message: notice });
      expect(await adminSocket.next("system_message")).toEqual(notice);
      await viewer.expectNone("system_message");
    });

    it("accepts an inactive admin, who may watch but not change", async () => {
      const inactive = await createTestAdmin(server.deps, { active: false });
      const socket = await connect(`/ws/admin?token=${inactive.accessToken}`);
      expect((await socket.next("connection_established")).room).toBe("admin");
    });

    it("closes with a policy violation for a forged token or a user's token in the URL", async () => {
      const userToken = await server.deps.tokens.signAccess(admin.admin.admin_id, "user");
      for (const query of ["?token=forged.token.value", `?token=${userToken}`]) {
        const socket = await connect(`/ws/admin${query}`);
        expect(await socket.closed).toEqual({ code: POLICY_VIOLATION_CLOSE_CODE, reason: "Admin token required" });
        expect(socket.received).toEqual([]);
      }
    });

    it("takes the admin token as the first message instead of the URL, and keeps what was sent right after it", async () => {
      const socket = await connect("/ws/admin");
      socket.send({ type: "auth", token: admin.accessToken });
      socket.send({ type: "ping" });
      expect(await socket.next("connection_established")).toEqual({ type: "connection_established", room: "admin" });
      await socket.next("pong");
      const notice = { type: "system_message", message_type: "info", message: "Hello admins", timestamp: "2026-11-22T03:00:00.000Z" } as const;
      await publish({ target: { kind: "admins" }, message: notice });
      expect(await socket.next("system_message")).toEqual(notice);
    });

    it("closes a socket without a token in its URL whose first message is no valid admin token, having sent it nothing", async () => {
      const userToken = await server.deps.tokens.signAccess(admin.admin.admin_id, "user");
      const firstMessages: unknown[] = [{ type: "ping" }, { type: "auth" }, { type: "auth", token: "forged.token.value" }, { type: "auth", token: userToken }, "{not json"];
      for (const [index, first] of firstMessages.entries()) {
        const socket = await connect(index % 2 ? "/ws/admin?token=" : "/ws/admin");
        socket.send(first);
        expect(await socket.closed).toEqual({ code: POLICY_VIOLATION_CLOSE_CODE, reason: "Admin token required" });
        expect(socket.received).toEqual([]);
      }
    });
  });
});

describeEachDatabase("live socket signs of life", (dialect) => {
  let server: TestApp;
  let app: FastifyInstance;
  let wsUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = await startTestApp(dialect);
    app = Fastify();
    await app.register(fastifyWebsocket);
    registerLiveRoutes(app, server.deps, {
      onUserSeen: (userId) => void seen.push(userId),
      isSubmitter: (actor, userId) => server.deps.services.queue.isSubmitter(actor, userId),
      userSeenIntervalMs: 60_000,
      heartbeatMs: 150,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    wsUrl = `ws://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it("records the submitter's own socket (with their secret) at most once a minute, and nobody else's", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const stranger = await connectSocket(`${wsUrl}/ws/public?user_id=${row.user_id}`);
    const forger = await connectSocket(`${wsUrl}/ws/public?user_id=${row.user_id}&guest_secret=not-the-secret`);
    for (const socket of [stranger, forger]) {
      await socket.next("connection_established");
      socket.send({ type: "request_position", user_id: row.user_id });
      await socket.next("position_update");
    }

    const own = await connectSocket(`${wsUrl}/ws/public?user_id=${row.user_id}&guest_secret=${encodeURIComponent(guestSecret!)}`);
    await own.next("connection_established");
    own.send({ type: "ping" });
    await own.next("pong");
    own.send({ type: "request_position", user_id: "guest_other" });
    await own.next("position_update");
    await expect.poll(() => seen).toEqual([row.user_id]);
    await Promise.all([stranger.close(), forger.close(), own.close()]);
  });

  it("takes the submitter's secret as the first message instead of the URL, and only the right one", async () => {
    const [other, guest] = [await makeSubmission(server.deps), await makeSubmission(server.deps)];
    const forger = await connectSocket(`${wsUrl}/ws/public?user_id=${other.row.user_id}`);
    forger.send({ type: "auth", guest_secret: guest.guestSecret! });
    const own = await connectSocket(`${wsUrl}/ws/public?user_id=${guest.row.user_id}`);
    own.send({ type: "auth", guest_secret: guest.guestSecret! });
    await own.next("connection_established");
    await expect.poll(() => seen).toContain(guest.row.user_id);
    expect(seen).not.toContain(other.row.user_id);
    expect([...forger.received, ...own.received].filter((message) => message.type === "error")).toEqual([]);
    await Promise.all([forger.close(), own.close()]);
  });

  it("drops a socket that stops answering heartbeats and keeps one that answers", async () => {
    const silent = new WebSocket(`${wsUrl}/ws/public`, { autoPong: false });
    const closed = new Promise<number>((resolve) => silent.on("close", resolve));
    const healthy = await connectSocket(`${wsUrl}/ws/public`);
    expect(await closed).toBe(1006);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    await healthy.close();
  });

  it("closes its sockets when the server shuts down, with a code that makes clients reconnect", async () => {
    const socket = await connectSocket(`${wsUrl}/ws/public`);
    await app.close();
    expect((await socket.closed).code).not.toBe(1000);
  });
});
