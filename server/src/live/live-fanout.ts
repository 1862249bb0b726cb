import type { ServerMessage } from "@common/live";

/**
 * Who receives a live message: every socket, the public sockets only, the admin sockets, or the
 * sockets tagged with one user id.
 */
export type LiveTarget = { kind: "all" } | { kind: "viewers" } | { kind: "admins" } | { kind: "user"; userId: string };

export interface LiveEvent {
  target: LiveTarget;
  message: ServerMessage;
}

/**
 * Socket messages on their way to this instance's sockets. Only the live adapter publishes here (from
 * domain events, which reach every instance), so this never crosses instances itself.
 */
export interface LiveFanout {
  /** How many back-office sockets this instance's hub holds. */
  adminCount(): number;
  /** Told by the hub; handlers of `onFirstAdmin` run when the count leaves zero. */
  setAdminCount(count: number): void;
  onFirstAdmin(handler: () => void): void;
  /** How many public sockets this instance's hub holds (viewers, overlays); instances do not share it. */
  viewerCount(): number;
  /** Told by the hub. */
  setViewerCount(count: number): void;
  publish(event: LiveEvent): void;
  /** Returns an unsubscribe function. */
  subscribe(handler: (event: LiveEvent) => void): () => void;
}

export function createLiveFanout(): LiveFanout {
  const handlers = new Set<(event: LiveEvent) => void>();
  const firstAdminHandlers: (() => void)[] = [];
  let admins = 0;
  let viewers = 0;
  return {
    viewerCount: () => viewers,
    setViewerCount(count) {
      viewers = count;
    },
    adminCount: () => admins,
    setAdminCount(count) {
      const arriving = admins === 0 && count > 0;
      admins = count;
      if (arriving) for (const handler of firstAdminHandlers) handler();
    },
    onFirstAdmin(handler) {
      firstAdminHandlers.push(handler);
    },
    publish(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
