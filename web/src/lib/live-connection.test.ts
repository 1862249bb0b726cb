import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveConnection, liveAuth, liveUrl, type LiveState } from "./live-connection";

/** jsdom has no usable WebSocket: this stands in for the browser API and records what the app sends. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  pings() {
    return this.sent.filter((m) => (m as { type: string }).type === "ping").length;
  }
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(value: DocumentVisibilityState) {
  visibility = value;
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Every connection a test opened: each is closed after its test, so none of them answers the next test's visibility changes. */
const opened: LiveConnection[] = [];

function start() {
  const connection = new LiveConnection({ url: "ws://localhost:8000/ws/public", WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
  const states: LiveState[] = [];
  connection.onStateChange((state) => states.push(state));
  connection.connect();
  opened.push(connection);
  return { connection, states, socket: () => FakeSocket.instances.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});

afterEach(() => {
  for (const connection of opened.splice(0)) connection.disconnect();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "connection");
});

describe("liveUrl", () => {
  const at = (protocol: string, hostname: string, host = hostname) => ({ protocol, hostname, host });

  it("tags the public channel with the user id and uses port 8000 on localhost", () => {
    expect(liveUrl({ channel: "public", userId: "u 1" }, at("http:", "localhost", "localhost:5173"), null)).toBe("ws://localhost:8000/ws/public?user_id=u%201");
    expect(liveUrl({ channel: "public" }, at("http:", "localhost"), null)).toBe("ws://localhost:8000/ws/public");
  });

  it("keeps every credential out of the URL", () => {
    const here = at("https:", "q.example.com");
    expect(liveUrl({ channel: "public", userId: "g1", guestSecret: "s/1", userToken: "t.k" }, here, null)).toBe("wss://q.example.com/ws/public?user_id=g1");
    expect(liveUrl({ channel: "public", guestSecret: "s" }, here, null)).toBe("wss://q.example.com/ws/public");
    expect(liveUrl({ channel: "admin", token: "t.k" }, here, null)).toBe("wss://q.example.com/ws/admin");
  });
  it("uses wss on the serving origin elsewhere, and the override when set", () => {
    expect(liveUrl({ channel: "admin", token: "t.k" }, at("https:", "q.example.com"), null)).toBe("wss://q.example.com/ws/admin");
    expect(liveUrl({ channel: "public" }, at("https:", "q.example.com"), "wss://live.example.com/")).toBe("wss://live.example.com/ws/public");
  });

  it("uses the socket base the serving server wrote into the page before any other rule, on any port", () => {
    const served = { api: "http://localhost:5000/api/v1/", ws: "ws://localhost:5000" };
    expect(liveUrl({ channel: "public" }, at("http:", "localhost", "localhost:5000"), null, served)).toBe("ws://localhost:5000/ws/public");
    expect(liveUrl({ channel: "admin", token: "t" }, at("http:", "localhost", "localhost:5000"), "ws://localhost:9999", served)).toBe("ws://localhost:5000/ws/admin");
  });
});

describe("liveAuth", () => {
  it("is the admin token, or the submitter's proof with the guest secret before a member token", () => {
    expect(liveAuth({ channel: "admin", token: "t.k" })).toEqual({ type: "auth", token: "t.k" });
    expect(liveAuth({ channel: "public", userId: "g1", guestSecret: "s/1", userToken: "t.k" })).toEqual({ type: "auth", guest_secret: "s/1" });
    expect(liveAuth({ channel: "public", userId: "m1", userToken: "t.k" })).toEqual({ type: "auth", token: "t.k" });
    expect(liveAuth({ channel: "public", guestSecret: "s" })).toBeNull();
    expect(liveAuth({ channel: "public", userId: "u1" })).toBeNull();
  });
});

describe("LiveConnection", () => {
  it("sends its credential first on every open, then subscribes", () => {
    const connection = new LiveConnection({ url: "ws://localhost:8000/ws/admin", auth: { type: "auth", token: "t.k" }, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
    connection.connect();
    FakeSocket.instances.at(-1)!.serverOpens();
    expect(FakeSocket.instances.at(-1)!.sent.slice(0, 2)).toEqual([
      { type: "auth", token: "t.k" },
      { type: "subscribe_queue", queue_types: ["waiting", "active", "on_hold"] },
    ]);
    connection.disconnect();
  });

  it("subscribes to the three queues once open", () => {
    const { states, socket } = start();
    socket().serverOpens();
    expect(states).toEqual(["connecting", "connected"]);
    expect(socket().sent[0]).toEqual({ type: "subscribe_queue", queue_types: ["waiting", "active", "on_hold"] });
  });

  it("delivers messages to the subscribers of their type only", () => {
    const { connection, socket } = start();
    const updates = vi.fn();
    const played = vi.fn();
    connection.on("queue_update", updates);
    const stop = connection.on("submission_played", played);
    socket().serverOpens();
    socket().serverSends({ type: "queue_update", queue_type: "waiting", total_count: 3 });
    stop();
    socket().serverSends({ type: "submission_played", artist_name: "A", track_title: "T", played_at: "x" });
    expect(updates).toHaveBeenCalledWith({ type: "queue_update", queue_type: "waiting", total_count: 3 });
    expect(played).not.toHaveBeenCalled();
  });

  it("enters the error state on a message it cannot read and on a socket error", () => {
    const { connection, socket } = start();
    socket().serverOpens();
    socket().serverSends("not json");
    expect(connection.state).toBe("error");
    socket().serverSends({ type: "pong", timestamp: "t" });
    expect(connection.state).toBe("connected");
    socket().onerror?.();
    expect(connection.state).toBe("error");
  });

  it("reconnects after 3 s, then 4.5 s, 6.75 s... and gives up after 5 attempts", () => {
    const { connection, socket } = start();
    socket().serverOpens();
    const delays = [3000, 4500, 6750, 10125, 15187.5];
    for (const delay of delays) {
      socket().serverCloses(1006);
      expect(connection.state).toBe("reconnecting");
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances.length).toBe(before + 1);
    }
    socket().serverCloses(1006);
    expect(connection.state).toBe("error");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(6);
  });

  it("says it gave up only once the attempts ran out, and starts over on reconnect(), back online or back on the tab", () => {
    const { connection, socket } = start();
    socket().serverOpens();
    for (const delay of [3000, 4500, 6750, 10125, 15187.5]) {
      socket().onerror?.();
      socket().serverCloses(1006);
      expect(connection.gaveUp).toBe(false);
      vi.advanceTimersByTime(delay);
    }
    socket().onerror?.();
    socket().serverCloses(1006);
    expect(connection.gaveUp).toBe(true);
    expect(connection.state).toBe("error");

    connection.reconnect();
    expect(connection.gaveUp).toBe(false);
    expect(FakeSocket.instances).toHaveLength(7);
    socket().serverOpens();
    expect(connection.state).toBe("connected");

    const spend = () => {
      for (const delay of [3000, 4500, 6750, 10125, 15187.5]) {
        socket().serverCloses(1006);
        vi.advanceTimersByTime(delay);
      }
      socket().serverCloses(1006);
      expect(connection.gaveUp).toBe(true);
    };
    spend();
    window.dispatchEvent(new Event("online"));
    expect(connection.gaveUp).toBe(false);
    expect(connection.state).toBe("connecting");

    spend();
    setVisibility("hidden");
    expect(connection.gaveUp).toBe(true);
    setVisibility("visible");
    expect(connection.gaveUp).toBe(false);
    expect(connection.state).toBe("connecting");
    connection.disconnect();
  });

  it("with retryForever, never gives up, waits at most 30 s and reconnects even after a server's 1000", () => {
    const connection = new LiveConnection({ url: "ws://x/ws/public", WebSocketImpl: FakeSocket as unknown as typeof WebSocket, retryForever: true });
    connection.connect();
    const socket = () => FakeSocket.instances.at(-1)!;
    socket().serverOpens();
    socket().serverCloses(1000);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(connection.state).toBe("reconnecting");
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(30_000);
      expect(FakeSocket.instances.length).toBe(before + 1);
      socket().serverCloses(1006);
    }
    vi.advanceTimersByTime(30_000);
    socket().serverOpens();
    expect(connection.state).toBe("connected");
    connection.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(connection.state).toBe("disconnected");
  });

  it("starts counting attempts again after a successful reconnect", () => {
    const { socket } = start();
    socket().serverOpens();
    socket().serverCloses(1011);
    vi.advanceTimersByTime(3000);
    socket().serverOpens();
    socket().serverCloses(1011);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it("treats code 1000 as a manual disconnect and does not reconnect", () => {
    const { connection, socket } = start();
    socket().serverOpens();
    socket().serverCloses(1000);
    vi.advanceTimersByTime(60_000);
    expect(connection.state).toBe("disconnected");
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("closes with 1000 on disconnect()", () => {
    const { connection, socket } = start();
    socket().serverOpens();
    connection.disconnect();
    expect(socket().closedWith).toBe(1000);
    expect(connection.state).toBe("disconnected");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("pings every 30 s while visible", () => {
    const { socket } = start();
    socket().serverOpens();
    vi.advanceTimersByTime(29_999);
    expect(socket().pings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket().pings()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(socket().pings()).toBe(3);
  });

  it("pings every 60 s on data saver or 2G", () => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { effectiveType: "2g" } });
    const { socket } = start();
    socket().serverOpens();
    vi.advanceTimersByTime(59_999);
    expect(socket().pings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket().pings()).toBe(1);
  });

  it("pings every 120 s while hidden, stops after 10 hidden minutes and restarts when visible", () => {
    const { socket } = start();
    socket().serverOpens();
    setVisibility("hidden");
    vi.advanceTimersByTime(119_999);
    expect(socket().pings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket().pings()).toBe(1);
    vi.advanceTimersByTime(8 * 60_000);
    expect(socket().pings()).toBe(4);
    vi.advanceTimersByTime(60 * 60_000);
    expect(socket().pings()).toBe(4);
    setVisibility("visible");
    vi.advanceTimersByTime(30_000);
    expect(socket().pings()).toBe(5);
  });

  it("pings every 180 s while hidden on a slow connection", () => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true } });
    const { socket } = start();
    socket().serverOpens();
    setVisibility("hidden");
    vi.advanceTimersByTime(179_999);
    expect(socket().pings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket().pings()).toBe(1);
  });
});
