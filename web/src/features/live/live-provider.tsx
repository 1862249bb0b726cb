import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ClientMessage, ServerMessageMap, ServerMessageType } from "@common/live";
import { LiveConnection, liveAuth, liveUrl, type LiveState, type LiveTarget } from "../../lib/live-connection";
import { useOwnUserId } from "../../lib/use-stored-session";
import { getAccessToken, getAnonymousSubmission } from "../../lib/storage";

type Message<K extends ServerMessageType> = { type: K } & ServerMessageMap[K];

interface LiveContextValue {
  state: LiveState;
  /** Every reconnect attempt failed; until then an "error" is only a step between two attempts. */
  gaveUp: boolean;
  /** Starts the attempts over once they ran out. */
  reconnect(): void;
  subscribe<K extends ServerMessageType>(type: K, handler: (message: Message<K>) => void): () => void;
  send(message: ClientMessage): boolean;
  /** Whether the socket is open now, read without being drawn again as that changes. */
  isConnected(): boolean;
}

type LiveChannel = Pick<LiveContextValue, "reconnect" | "subscribe" | "send" | "isConnected">;

// Two contexts: the channel's functions never change, so the many components that only listen
// (useLiveMessage) are not drawn again each time the connection's state moves.
const LiveChannelContext = createContext<LiveChannel | null>(null);
const LiveStateContext = createContext<Pick<LiveContextValue, "state" | "gaveUp"> | null>(null);

/** Every server message type, so one forwarder per type can be attached to each new connection. */
const MESSAGE_TYPES = Object.keys({
  queue_update: true,
  position_update: true,
  system_message: true,
  settings_update: true,
  submission_played: true,
  released_from_hold: true,
  submission_removed: true,
  loyalty_update: true,
  votes_update: true,
  skip_votes_update: true,
  connection_established: true,
  pong: true,
  error: true,
  player_active: true,
  player_state: true,
  player_command: true,
} satisfies Record<ServerMessageType, true>) as ServerMessageType[];

type Registry = Map<ServerMessageType, Set<(message: never) => void>>;

/**
 * Keeps one live connection for everything below it. Features subscribe by message type with
 * `useLiveMessage`; subscriptions survive reconnects and a change of `url` (a new connection).
 */
export function LiveProvider({
  url,
  auth = null,
  retryForever = false,
  children,
}: {
  url: string | null;
  /** The socket's credential, sent as its first message (liveAuth); a new one makes a new connection. */
  auth?: ClientMessage | null;
  retryForever?: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState<LiveState>("disconnected");
  const [gaveUp, setGaveUp] = useState(false);
  const registry = useRef<Registry>(new Map());
  const connection = useRef<LiveConnection | null>(null);

  const authKey = auth ? JSON.stringify(auth) : null;
  useEffect(() => {
    if (!url || typeof WebSocket === "undefined") return;
    const live = new LiveConnection({ url, auth: authKey ? (JSON.parse(authKey) as ClientMessage) : null, retryForever });
    const stops = MESSAGE_TYPES.map((type) =>
      live.on(type, (message) => {
        for (const handler of registry.current.get(type) ?? []) handler(message as never);
      }),
    );
    stops.push(
      live.onStateChange((next) => {
        setState(next);
        setGaveUp(live.gaveUp);
      }),
    );
    connection.current = live;
    live.connect();
    return () => {
      for (const stop of stops) stop();
      live.disconnect();
      connection.current = null;
      setState("disconnected");
      setGaveUp(false);
    };
  }, [url, authKey, retryForever]);

  const subscribe = useCallback<LiveContextValue["subscribe"]>((type, handler) => {
    let set = registry.current.get(type);
    if (!set) {
      set = new Set();
      registry.current.set(type, set);
    }
    const entry = handler as (message: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }, []);
  const send = useCallback((message: ClientMessage) => connection.current?.send(message) ?? false, []);
  const reconnect = useCallback(() => connection.current?.reconnect(), []);
  const isConnected = useCallback(() => connection.current?.state === "connected", []);
  const channel = useMemo<LiveChannel>(() => ({ reconnect, subscribe, send, isConnected }), [reconnect, subscribe, send, isConnected]);
  const status = useMemo(() => ({ state, gaveUp }), [state, gaveUp]);

  return (
    <LiveChannelContext.Provider value={channel}>
      <LiveStateContext.Provider value={status}>{children}</LiveStateContext.Provider>
    </LiveChannelContext.Provider>
  );
}

/** The public channel of this browser, tagged with its own user id (and its proof) so targeted messages reach it. */
export function PublicLiveProvider({ children }: { children: ReactNode }) {
  const userId = useOwnUserId();
  const target = useMemo(() => {
    const guest = getAnonymousSubmission();
    const guestSecret = guest && guest.user_id === userId ? guest.guest_secret : null;
    return { channel: "public", userId, guestSecret, userToken: getAccessToken("user") } satisfies LiveTarget;
  }, [userId]);
  return (
    <LiveProvider url={liveUrl(target)} auth={liveAuth(target)}>
      {children}
    </LiveProvider>
  );
}

/** The connection's functions and its state; a component that reads this is drawn again as the state moves. */
export function useLive(): LiveContextValue {
  const channel = useLiveChannel();
  const status = useContext(LiveStateContext);
  if (!status) throw new Error("useLive must be used inside a LiveProvider");
  return { ...channel, ...status };
}

/** The connection's functions alone, which never change: a component that needs no state reads this. */
export function useLiveChannel(): LiveChannel {
  const channel = useContext(LiveChannelContext);
  if (!channel) throw new Error("useLive must be used inside a LiveProvider");
  return channel;
}

/** Calls `handler` for every message of `type` while the component is mounted. */
export function useLiveMessage<K extends ServerMessageType>(type: K, handler: (message: Message<K>) => void): void {
  const { subscribe } = useLiveChannel();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(type, (message) => latest.current(message)), [subscribe, type]);
}
