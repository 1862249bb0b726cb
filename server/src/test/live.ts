import { WebSocket, type ClientOptions } from "ws";
import type { ServerMessage, ServerMessageType } from "@common/live";

type MessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

/** A real socket client for tests: collects what the server sends and waits for a given message. */
export interface TestSocket {
  socket: WebSocket;
  /** Everything received so far, in order. */
  received: ServerMessage[];
  /** The first not yet taken message of this type, and matching `where` if given (waiting for it if needed). */
  next<T extends ServerMessageType>(type: T, where?: (message: MessageOf<T>) => boolean, timeoutMs?: number): Promise<MessageOf<T>>;
  /** Fails if a message of this type arrives within `ms`. */
  expectNone(type: ServerMessageType, ms?: number): Promise<void>;
  send(message: unknown): void;
  /** Resolves with the close code and reason once the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** `options.localAddress` (127.0.0.2, ...) makes the socket come from another loopback address. */
export function connectSocket(url: string, options?: ClientOptions): Promise<TestSocket> {
  const socket = new WebSocket(url, options);
  const received: ServerMessage[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  socket.on("message", (data) => {
    received.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of waiters) wake();
  });

  function take<T extends ServerMessageType>(type: T, where: (message: MessageOf<T>) => boolean = () => true): MessageOf<T> | undefined {
    const index = received.findIndex((m, i) => m.type === type && !taken.has(i) && where(m as MessageOf<T>));
    if (index === -1) return undefined;
    taken.add(index);
    return received[index] as MessageOf<T>;
  }

  const client: TestSocket = {
    socket,
    received,
    closed,
    next(type, where, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const found = take(type, where);
        if (found) return resolve(found);
        const wake = () => {
          const message = take(type, where);
          if (!message) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async expectNone(type, ms = 300) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      const message = take(type);
      if (message) throw new Error(`unexpected ${type}: ${JSON.stringify(message)}`);
    },
    send(message) {
      socket.send(typeof message === "string" ? message : JSON.stringify(message));
    },
    async close() {
      if (socket.readyState !== socket.CLOSED) socket.close();
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("error", reject);
  });
}
