import type { WebSocket } from "ws";
import { isPlayerMessageType, type PlayerClientMessage } from "@common/player";
import { POLICY_VIOLATION_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE, type ServerMessage } from "@common/live";
import type { QueueType } from "@common/queue";
import type { Clock } from "../lib/clock";
import type { LiveEvent, LiveFanout, LiveTarget } from "./live-fanout";
import { parseClientMessage } from "./client-messages";

export type Room = "public" | "admin";

interface Member {
  socket: WebSocket;
  /** The user id the socket was opened with (`/ws/public?user_id=`); targeted messages go to it. */
  userId: string | null;
  /** Set when the socket proved to be that submitter's: only then is it a sign of life. */
  provenUserId: string | null;
  /** Queue lists the client asked for; null means every list. */
  queueTypes: ReadonlySet<QueueType> | null;
  /** Cleared at each heartbeat, set again by the client's pong: a socket that stays silent is dropped. */
  alive: boolean;
  lastSeen: { userId: string; at: number } | null;
  /** The client's address as limits count it (an IPv6 client by its /64). */
  address: string;
  /** The second the client's messages are being counted in, and how many it sent in it. */
  messageWindow: { startedAt: number; count: number };
  /** The host's player messages: only admin sockets take them. */
  onPlayerMessage: ((message: PlayerClientMessage) => void) | null;
}

/** How many sockets and messages the hub takes (WS_MAX_* settings). */
export interface SocketLimits {
  maxPerAddress: number;
  maxTotal: number;
  maxMessagesPerSecond: number;
}

export interface SocketHubOptions {
  fanout: LiveFanout;
  clock: Clock;
  /** A sign of life from a submitter's proven socket (connect, ping, own position request). Must not throw synchronously. */
  onUserSeen(userId: string): unknown;
  log: { warn(object: object, message: string): void };
  limits: SocketLimits;
  heartbeatMs?: number;
  /** At most one sign of life per socket in this interval, so chatty clients do not hammer the store. */
  userSeenIntervalMs?: number;
}

// A client this far behind is not reading: drop it rather than buffer without bound.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Every live socket of this instance, and the fan-out of bus events to them. Each event is serialized
 * once and the same bytes are queued on every recipient without waiting on any of them.
 */
export function createSocketHub(options: SocketHubOptions) {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const userSeenIntervalMs = options.userSeenIntervalMs ?? 10_000;
  const members = new Set<Member>();
  const viewers = new Set<Member>();
  const admins = new Set<Member>();
  const byUser = new Map<string, Set<Member>>();
  const perAddress = new Map<string, number>();
  const { limits } = options;

  /** Counts one more message; false once the client sends faster than the limit allows. */
  function withinMessageRate(member: Member): boolean {
    const now = options.clock.now().getTime();
    if (now - member.messageWindow.startedAt >= 1000) member.messageWindow = { startedAt: now, count: 0 };
    member.messageWindow.count += 1;
    return member.messageWindow.count <= limits.maxMessagesPerSecond;
  }

  function recipients(target: LiveTarget): Iterable<Member> {
    if (target.kind === "all") return members;
    if (target.kind === "viewers") return viewers;
    if (target.kind === "admins") return admins;
    return byUser.get(target.userId) ?? [];
  }

  function deliver(event: LiveEvent): void {
    const frame = Buffer.from(JSON.stringify(event.message));
    const queueType = event.message.type === "queue_update" ? event.message.queue_type : null;
    for (const member of recipients(event.target)) {
      const { socket } = member;
      if (socket.readyState !== socket.OPEN) continue;
      if (queueType && member.queueTypes && !member.queueTypes.has(queueType)) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      socket.send(frame, { binary: false });
    }
  }

  function send(member: Member, message: ServerMessage): void {
    if (member.socket.readyState === member.socket.OPEN) member.socket.send(JSON.stringify(message));
  }

  function seen(member: Member, userId: string): void {
    const now = options.clock.now().getTime();
    if (member.lastSeen?.userId === userId && now - member.lastSeen.at < userSeenIntervalMs) return;
    member.lastSeen = { userId, at: now };
    Promise.resolve()
      .then(() => options.onUserSeen(userId))
      .catch((err: unknown) => options.log.warn({ err, userId }, "recording a sign of life failed"));
  }

  function receive(member: Member, text: string): void {
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return send(member, { type: "error", message: parsed.error });
    const message = parsed.message;
    if (isPlayerMessageType(message.type)) {
      if (!member.onPlayerMessage) return send(member, { type: "error", message: "Player messages are taken on /ws/admin only" });
      member.onPlayerMessage(message as PlayerClientMessage);
    } else if (message.type === "subscribe_queue") {
      member.queueTypes = new Set(message.queue_types);
    } else if (message.type === "auth") {
      // Checked by the socket's route (live.routes.ts), which proves the member through join()'s handle.
      return;
    } else if (message.type === "ping") {
      send(member, { type: "pong", timestamp: options.clock.now().toISOString() });
      if (member.provenUserId) seen(member, member.provenUserId);
    } else if (message.type === "request_position") {
      const userId = message.user_id ?? member.userId;
      if (!userId) return send(member, { type: "error", message: "user_id is required" });
      send(member, { type: "position_update", user_id: userId });
      if (userId === member.provenUserId) seen(member, userId);
    }
  }

  function leave(member: Member): void {
    if (!members.has(member)) return;
    const count = (perAddress.get(member.address) ?? 1) - 1;
    if (count > 0) perAddress.set(member.address, count);
    else perAddress.delete(member.address);
    members.delete(member);
    viewers.delete(member);
    admins.delete(member);
    options.fanout.setAdminCount(admins.size);
    options.fanout.setViewerCount(viewers.size);
    if (!member.userId) return;
    const sockets = byUser.get(member.userId);
    sockets?.delete(member);
    if (sockets?.size === 0) byUser.delete(member.userId);
  }

  const unsubscribe = options.fanout.subscribe(deliver);
  const heartbeat = setInterval(() => {
    for (const member of members) {
      if (!member.alive) {
        member.socket.terminate();
        continue;
      }
      member.alive = false;
      member.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Takes over an open socket: greets it, answers its messages, and sends it its share of events. A
     * socket past the per-address or total limit is closed at once with 1013 (try again later).
     * `prove` makes it its user's sign of life later (a credential sent as a message). `onPlayerMessage`
     * takes the host's player messages (admin sockets).
     */
    join(
      socket: WebSocket,
      room: Room,
      userId: string | null,
      provenUserId: string | null,
      address: string,
      onPlayerMessage: ((message: PlayerClientMessage) => void) | null = null,
    ): { prove(): void } {
      const refused = { prove() {} };
      if (members.size >= limits.maxTotal) {
        socket.close(TRY_AGAIN_LATER_CLOSE_CODE, "Too many live connections: try again later");
        return refused;
      }
      const fromAddress = perAddress.get(address) ?? 0;
      if (fromAddress >= limits.maxPerAddress) {
        socket.close(TRY_AGAIN_LATER_CLOSE_CODE, "Too many live connections from this address");
        return refused;
      }
      perAddress.set(address, fromAddress + 1);
      const messageWindow = { startedAt: options.clock.now().getTime(), count: 0 };
      const member: Member = { socket, userId, provenUserId, queueTypes: null, alive: true, lastSeen: null, address, messageWindow, onPlayerMessage };
      members.add(member);
      (room === "admin" ? admins : viewers).add(member);
      options.fanout.setAdminCount(admins.size);
      options.fanout.setViewerCount(viewers.size);
      if (userId) {
        const sockets = byUser.get(userId) ?? new Set<Member>();
        sockets.add(member);
        byUser.set(userId, sockets);
      }
      socket.on("message", (data, isBinary) => {
        if (!withinMessageRate(member)) {
          leave(member);
          return socket.close(POLICY_VIOLATION_CLOSE_CODE, `Too many messages: at most ${limits.maxMessagesPerSecond} a second`);
        }
        if (isBinary) return send(member, { type: "error", message: "Message must be JSON text" });
        receive(member, data.toString());
      });
      socket.on("pong", () => {
        member.alive = true;
      });
      socket.on("close", () => leave(member));
      send(member, { type: "connection_established", room });
      if (provenUserId) seen(member, provenUserId);
      return {
        prove() {
          if (!member.userId || member.provenUserId) return;
          member.provenUserId = member.userId;
          seen(member, member.userId);
        },
      };
    },

    /** Stops listening to the bus; the sockets themselves are closed with the server. */
    close(): void {
      unsubscribe();
      clearInterval(heartbeat);
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
