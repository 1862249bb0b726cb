import { EventEmitter } from "node:events";
import type { ServerMessage } from "@common/live";

/** Who receives a live message: every socket, the admin sockets, or the sockets tagged with one user id. */
export type LiveTarget = { kind: "all" } | { kind: "admins" } | { kind: "user"; userId: string };

export interface LiveEvent {
  target: LiveTarget;
  message: ServerMessage;
}

/**
 * The one path by which services announce changes. In-process by default; the Redis bus carries the
 * same events between instances so every instance's sockets and caches see every change.
 */
export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(handler: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(handler) {
      emitter.on("event", handler);
      return () => emitter.off("event", handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
