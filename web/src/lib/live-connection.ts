import { LIVE } from "@common/limits";
import { NORMAL_CLOSE_CODE, type ClientMessage, type ServerMessageMap, type ServerMessageType } from "@common/live";
import { QUEUE_TYPES } from "@common/queue";
import { servedBases, type ServedBases } from "./served-config";

export type LiveState = "disconnected" | "connecting" | "connected" | "reconnecting" | "error";

/**
 * A public socket may name its user (for targeted messages) and prove it is theirs with the guest
 * secret or a member token, which makes the socket count as that submitter's sign of life.
 */
export type LiveTarget = { channel: "public"; userId?: string | null; guestSecret?: string | null; userToken?: string | null } | { channel: "admin"; token: string };

interface LocationLike {
  protocol: string;
  hostname: string;
  host: string;
}

/**
 * Socket address: the base the serving server wrote into the page; without one (the development
 * build) VITE_WS_URL when set, else port 8000 of this host on localhost, else this origin.
 */
export function liveUrl(
  target: LiveTarget,
  location: LocationLike = window.location,
  override: string | null = import.meta.env.VITE_WS_URL ?? null,
  served: ServedBases | null = servedBases(),
): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const base = served
    ? served.ws
    : override
      ? override.replace(/\/+$/, "")
      : location.hostname === "localhost"
        ? `${scheme}//${location.hostname}:8000`
        : `${scheme}//${location.host}`;
  if (target.channel === "admin") return `${base}/ws/admin`;
  return target.userId ? `${base}/ws/public?user_id=${encodeURIComponent(target.userId)}` : `${base}/ws/public`;
}

/**
 * The socket's credential, sent as its first message rather than in the URL (which proxies and logs
 * keep): the admin token, or the submitter's proof, the guest secret before a member token.
 */
export function liveAuth(target: LiveTarget): ClientMessage | null {
  if (target.channel === "admin") return { type: "auth", token: target.token };
  if (!target.userId) return null;
  if (target.guestSecret) return { type: "auth", guest_secret: target.guestSecret };
  return target.userToken ? { type: "auth", token: target.userToken } : null;
}

const SOCKET_CONNECTING = 0;
const SOCKET_OPEN = 1;

type Handler<K extends ServerMessageType> = (message: { type: K } & ServerMessageMap[K]) => void;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data saver or a 2G connection: ping half as often. */
function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return !!connection && (connection.saveData === true || connection.effectiveType === "2g" || connection.effectiveType === "slow-2g");
}

export interface LiveConnectionOptions {
  url: string;
  /** Sent first on every open (liveAuth). */
  auth?: ClientMessage | null;
  /** Injected only by tests that run without a real socket API. */
  WebSocketImpl?: typeof WebSocket;
  now?: () => number;
  /**
   * Never give up: reconnect with the same back-off, capped at LIVE.reconnectMaxDelayMs, for a screen
   * nobody watches the state of (the stream overlay), where a lasting outage must heal by itself.
   */
  retryForever?: boolean;
}

/**
 * One live socket with the spec's behaviour: its credential then a subscription on open, reconnect with back-off (3 s x 1.5^n,
 * fewer than 5 attempts, or forever with `retryForever`), close code 1000 as the manual disconnect, and pings that slow down while the tab
 * is hidden and stop after 10 hidden minutes.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private currentState: LiveState = "disconnected";
  private attempts = 0;
  private retriesSpent = false;
  private announcedGaveUp = false;
  private manual = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setTimeout> | null = null;
  private hiddenSince: number | null = null;
  private readonly handlers = new Map<ServerMessageType, Set<(message: never) => void>>();
  private readonly stateListeners = new Set<(state: LiveState) => void>();
  private readonly WebSocketImpl: typeof WebSocket;
  private readonly now: () => number;

  constructor(private readonly options: LiveConnectionOptions) {
    this.WebSocketImpl = options.WebSocketImpl ?? WebSocket;
    this.now = options.now ?? Date.now;
  }

  get state(): LiveState {
    return this.currentState;
  }

  get url(): string {
    return this.options.url;
  }

  /** Every reconnect attempt failed: only reconnect() (or the browser coming back online or to the tab) opens it again. */
  get gaveUp(): boolean {
    return this.retriesSpent;
  }

  connect(): void {
    if (this.socket) return;
    this.manual = false;
    document.addEventListener("visibilitychange", this.onVisibilityChange);
    window.addEventListener("online", this.onOnline);
    this.hiddenSince = document.visibilityState === "hidden" ? this.now() : null;
    this.open();
  }

  /** After the attempts ran out: starts over with a fresh count of attempts. */
  reconnect(): void {
    if (this.manual || !this.retriesSpent) return;
    this.retriesSpent = false;
    this.attempts = 0;
    this.open();
  }

  /** Manual disconnect: closes with 1000 and never reconnects. */
  disconnect(): void {
    this.manual = true;
    document.removeEventListener("visibilitychange", this.onVisibilityChange);
    window.removeEventListener("online", this.onOnline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && (socket.readyState === SOCKET_OPEN || socket.readyState === SOCKET_CONNECTING)) socket.close(NORMAL_CLOSE_CODE);
    this.attempts = 0;
    this.retriesSpent = false;
    this.setState("disconnected");
  }

  /** Sends a message when the socket is open; returns whether it was sent. */
  send(message: ClientMessage): boolean {
    if (!this.socket || !this.isOpen()) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Subscribes to one message type; returns the unsubscribe function. */
  on<K extends ServerMessageType>(type: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler as (message: never) => void);
    return () => set.delete(handler as (message: never) => void);
  }

  onStateChange(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listeners hear of a new state, and of the retries running out (gaveUp) even when the state stays "error". */
  private setState(state: LiveState): void {
    if (state === this.currentState && this.retriesSpent === this.announcedGaveUp) return;
    this.currentState = state;
    this.announcedGaveUp = this.retriesSpent;
    for (const listener of this.stateListeners) listener(state);
  }

  private open(): void {
    this.setState(this.attempts > 0 ? "reconnecting" : "connecting");
    let socket: WebSocket;
    try {
      socket = new this.WebSocketImpl(this.options.url);
    } catch {
      this.setState("error");
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setState("connected");
      if (this.options.auth) this.send(this.options.auth);
      this.send({ type: "subscribe_queue", queue_types: [...QUEUE_TYPES] });
      this.schedulePing();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket === socket) this.dispatch(event.data);
    };
    socket.onerror = () => {
      if (this.socket === socket) this.setState("error");
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.manual || (event.code === NORMAL_CLOSE_CODE && !this.options.retryForever)) {
        this.setState("disconnected");
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.socket = null;
    if (!this.options.retryForever && this.attempts >= LIVE.reconnectMaxAttempts) {
      this.retriesSpent = true;
      this.setState("error");
      return;
    }
    const delay = Math.min(LIVE.reconnectBaseMs * LIVE.reconnectFactor ** this.attempts, LIVE.reconnectMaxDelayMs);
    this.attempts += 1;
    this.setState("reconnecting");
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.manual) this.open();
    }, delay);
  }

  private dispatch(data: unknown): void {
    let message: { type?: unknown };
    try {
      message = JSON.parse(String(data)) as { type?: unknown };
    } catch {
      this.setState("error");
      return;
    }
    if (!message || typeof message.type !== "string") {
      this.setState("error");
      return;
    }
    if (this.currentState === "error") this.setState("connected");
    for (const handler of this.handlers.get(message.type as ServerMessageType) ?? []) handler(message as never);
  }

  private pingInterval(): number {
    const slow = isSlowConnection();
    if (this.hiddenSince !== null) return slow ? LIVE.pingHiddenSlowMs : LIVE.pingHiddenMs;
    return slow ? LIVE.pingSlowMs : LIVE.pingMs;
  }

  private schedulePing(): void {
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      this.pingTimer = null;
      if (this.hiddenSince !== null && this.now() - this.hiddenSince >= LIVE.stopPingAfterHiddenMs) return;
      this.send({ type: "ping" });
      this.schedulePing();
    }, this.pingInterval());
  }

  /** Any change of visibility restarts the ping timer at the interval that now applies. */
  private readonly onVisibilityChange = (): void => {
    if (document.visibilityState === "hidden") this.hiddenSince ??= this.now();
    else this.hiddenSince = null;
    if (this.isOpen()) this.schedulePing();
    else if (document.visibilityState === "visible") this.reconnect();
  };

  private readonly onOnline = (): void => this.reconnect();

  private isOpen(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }
}
