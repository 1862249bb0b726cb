import type http from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import { WebSocket, WebSocketServer } from "ws";

export interface FakeSubscription {
  id: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  sessionId: string;
  status: "enabled" | "authorization_revoked" | "user_removed";
  createdAt: string;
}

interface Session {
  id: string;
  socket: WebSocket;
  /** Notifications held while the client moves to its reconnect URL (Twitch delivers them on the new socket). */
  held: string[] | null;
  keepalive: NodeJS.Timeout | null;
}

/**
 * EventSub over WebSocket as Twitch's own mock server (twitch-cli) speaks it: `session_welcome` first,
 * `session_keepalive` when quiet, `notification`, `session_reconnect` (subscriptions move with the
 * client to the new socket) and `revocation`.
 */
export function createFakeEventSub(server: http.Server, options: { keepaliveSeconds: number }) {
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, FakeSubscription>();
  let wsBase = "";

  const nowIso = () => new Date().toISOString();
  const envelope = (type: string, payload: object, extra: Record<string, string> = {}, messageId: string = randomUUID()) =>
    JSON.stringify({ metadata: { message_id: messageId, message_type: type, message_timestamp: nowIso(), ...extra }, payload });

  function send(session: Session, text: string): void {
    if (session.held) return void session.held.push(text);
    if (session.socket.readyState !== WebSocket.OPEN) return;
    session.socket.send(text);
    armKeepalive(session);
  }

  function armKeepalive(session: Session): void {
    if (session.keepalive) clearTimeout(session.keepalive);
    session.keepalive = setTimeout(() => send(session, envelope("session_keepalive", {})), options.keepaliveSeconds * 1000);
  }

  function welcome(session: Session): void {
    session.socket.send(
      envelope("session_welcome", {
        session: { id: session.id, status: "connected", keepalive_timeout_seconds: options.keepaliveSeconds, reconnect_url: null, connected_at: nowIso() },
      }),
    );
    armKeepalive(session);
  }

  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname !== "/ws") return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const movingFrom = url.searchParams.get("reconnect");
      const previous = movingFrom ? sessions.get(movingFrom) : undefined;
      const session: Session = { id: previous ? previous.id : randomBytes(12).toString("base64url"), socket: ws, held: null, keepalive: null };
      ws.on("close", () => {
        if (session.keepalive) clearTimeout(session.keepalive);
        if (sessions.get(session.id) === session) sessions.delete(session.id);
      });
      // The client must not send anything (Twitch closes with 4001).
      ws.on("message", () => ws.close(4001, "client sent inbound traffic"));
      welcome(session);
      if (previous) {
        const held = previous.held ?? [];
        previous.held = null;
        sessions.set(session.id, session);
        for (const text of held) send(session, text);
        // Twitch closes the old socket itself if the client has not (4004 after a grace time).
        setTimeout(() => previous.socket.close(4004, "client reconnect grace time expired"), 200);
      } else {
        sessions.set(session.id, session);
      }
    });
  });

  function sessionOf(type: string): { sub: FakeSubscription; session: Session } {
    const sub = [...subscriptions.values()].find((each) => each.type === type && each.status === "enabled" && sessions.has(each.sessionId));
    if (!sub) throw new Error(`No enabled ${type} subscription on a connected session`);
    return { sub, session: sessions.get(sub.sessionId)! };
  }

  const subscriptionJson = (sub: FakeSubscription) => ({
    id: sub.id,
    status: sub.status,
    type: sub.type,
    version: sub.version,
    condition: sub.condition,
    transport: { method: "websocket", session_id: sub.sessionId },
    created_at: sub.createdAt,
    cost: 0,
  });

  return {
    subscriptions,
    setBase(base: string) {
      wsBase = base;
    },
    hasSession: (id: string) => sessions.has(id),
    subscribe(input: { type: string; version: string; condition: Record<string, string>; sessionId: string }): FakeSubscription {
      const sub: FakeSubscription = { id: randomUUID(), ...input, status: "enabled", createdAt: nowIso() };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    subscriptionJson,
    /** Whether an enabled subscription of `type` is on a connected socket. */
    isListening: (type: string) => [...subscriptions.values()].some((each) => each.type === type && each.status === "enabled" && sessions.has(each.sessionId)),
    /** Sends one event to the socket subscribed to `type`; the same `messageId` again is a redelivery. */
    notify(type: string, event: object, messageId: string = randomUUID() as string): string {
      const { sub, session } = sessionOf(type);
      send(session, envelope("notification", { subscription: subscriptionJson(sub), event }, { subscription_type: type, subscription_version: sub.version }, messageId));
      return messageId;
    },
    /** Asks the client to move to a new socket; until it arrives, notifications wait for it. */
    requestReconnect(): void {
      for (const session of sessions.values()) {
        send(
          session,
          envelope("session_reconnect", {
            session: { id: session.id, status: "reconnecting", keepalive_timeout_seconds: null, reconnect_url: `${wsBase}/ws?reconnect=${session.id}`, connected_at: nowIso() },
          }),
        );
        session.held = [];
      }
    },
    revoke(type: string, status: "authorization_revoked" | "user_removed"): void {
      const { sub, session } = sessionOf(type);
      sub.status = status;
      send(session, envelope("revocation", { subscription: subscriptionJson(sub) }, { subscription_type: type, subscription_version: sub.version }));
    },
    /** Drops every socket as a network failure would. */
    dropConnections(): void {
      for (const session of sessions.values()) session.socket.terminate();
    },
    close(): void {
      for (const session of sessions.values()) {
        if (session.keepalive) clearTimeout(session.keepalive);
        session.socket.terminate();
      }
      wss.close();
    },
  };
}

export type FakeEventSub = ReturnType<typeof createFakeEventSub>;
