import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { POLICY_VIOLATION_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE } from "@common/live";
import { describeEachDatabase, startTestApp, type TestApp } from "../test/test-app";
import { createTestAdmin, type TestAdmin } from "../test/admins";
import { connectSocket, type TestSocket } from "../test/live";
import { createFakeClock } from "../test/fake-clock";

describeEachDatabase("live socket limits", (dialect) => {
  let server: TestApp;
  let admin: TestAdmin;
  const clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
  let open: TestSocket[] = [];

  /** A socket from one loopback address, once the server has greeted it or closed it. */
  async function connect(path: string, localAddress = "127.0.0.1"): Promise<TestSocket> {
    const socket = await connectSocket(`${server.wsUrl}${path}`, { localAddress });
    open.push(socket);
    await Promise.race([socket.next("connection_established"), socket.closed]);
    return socket;
  }
  const isOpen = (socket: TestSocket) => socket.socket.readyState === socket.socket.OPEN;

  beforeAll(async () => {
    server = await startTestApp(dialect, { clock, env: { WS_MAX_SOCKETS_PER_ADDRESS: "2", WS_MAX_MESSAGES_PER_SECOND: "5" } });
    admin = await createTestAdmin(server.deps);
  });
  afterEach(async () => {
    await Promise.all(open.map((socket) => socket.close()));
    open = [];
  });
  afterAll(() => server.close());

  it("closes a socket past the per-address limit with 1013, counting public and admin sockets, and lets other addresses in", async () => {
    const first = await connect("/ws/public", "127.0.0.11");
    const second = await connect(`/ws/admin?token=${admin.accessToken}`, "127.0.0.11");
    const third = await connect("/ws/public", "127.0.0.11");
    expect([isOpen(first), isOpen(second)]).toEqual([true, true]);
    expect(await third.closed).toEqual({ code: TRY_AGAIN_LATER_CLOSE_CODE, reason: "Too many live connections from this address" });
    const elsewhere = await connect("/ws/public", "127.0.0.12");
    expect(isOpen(elsewhere)).toBe(true);
  });

  it("closes a socket that sends more messages a second than allowed with 1008 and says why, and frees its place", async () => {
    const flooding = await connect("/ws/public", "127.0.0.13");
    const other = await connect("/ws/public", "127.0.0.13");
    for (let i = 0; i < 6; i += 1) flooding.send({ type: "ping" });
    expect(await flooding.closed).toEqual({ code: POLICY_VIOLATION_CLOSE_CODE, reason: "Too many messages: at most 5 a second" });
    expect(flooding.received.filter((message) => message.type === "pong")).toHaveLength(5);
    expect(isOpen(await connect("/ws/public", "127.0.0.13"))).toBe(true);
    expect(isOpen(other)).toBe(true);
  });

  it("takes the allowed number of messages every second for as long as the socket lives", async () => {
    const socket = await connect("/ws/public", "127.0.0.14");
    for (let second = 0; second < 3; second += 1) {
      for (let i = 0; i < 5; i += 1) socket.send({ type: "ping" });
      for (let i = 0; i < 5; i += 1) await socket.next("pong");
      clock.advance(1000);
    }
    expect(isOpen(socket)).toBe(true);
  });

  it("counts binary and malformed frames too", async () => {
    const socket = await connect("/ws/public", "127.0.0.15");
    for (let i = 0; i < 3; i += 1) socket.socket.send(Buffer.from([1, 2, 3]));
    for (let i = 0; i < 3; i += 1) socket.send("{not json");
    expect((await socket.closed).code).toBe(POLICY_VIOLATION_CLOSE_CODE);
  });
});

describeEachDatabase("live socket limit per instance", (dialect) => {
  let server: TestApp;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { WS_MAX_SOCKETS_PER_ADDRESS: "2", WS_MAX_SOCKETS: "4" } });
  });
  afterAll(async () => {
    await Promise.all(open.map((socket) => socket.close()));
    await server.close();
  });

  it("closes a socket past the total limit with 1013, whatever its address", async () => {
    for (const localAddress of ["127.0.0.21", "127.0.0.21", "127.0.0.22", "127.0.0.22", "127.0.0.23"]) {
      const socket = await connectSocket(`${server.wsUrl}/ws/public`, { localAddress });
      open.push(socket);
      await Promise.race([socket.next("connection_established"), socket.closed]);
    }
    expect(open.slice(0, 4).map((socket) => socket.socket.readyState)).toEqual([1, 1, 1, 1]);
    expect(await open[4]!.closed).toEqual({ code: TRY_AGAIN_LATER_CLOSE_CODE, reason: "Too many live connections: try again later" });
  });
});
