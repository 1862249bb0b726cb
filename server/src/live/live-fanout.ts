import type { ServerMessage } from "@common/live";

/** Who receives a live message: every socket, the admin sockets, or the sockets tagged with one user id. */
export type LiveTarget = { kind: "all" } | { kind: "admins" } | { kind: "user"; userId: string };

export interface LiveEvent {
  target: LiveTarget;
  message: ServerMessage;
}

/**
 * Socket messages on their way to this instance's sockets. Only the live adapter publishes here (from
 * domain events, which reach every instance), so this never crosses instances itself.
 */
export interface LiveFanout {
  publish(event: LiveEvent): void;
  /** Returns an unsubscribe function. */
  subscribe(handler: (event: LiveEvent) => void): () => void;
}

export function createLiveFanout(): LiveFanout {
  const handlers = new Set<(event: LiveEvent) => void>();
  return {
    publish(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
