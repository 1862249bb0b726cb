import type { ListViewer } from "./list-viewer";

export interface RefreshTally {
  positions: number;
  overviews: number;
  failed: number;
}

const POSITION_REFRESH_MS = 1000;
export const OVERVIEW_REFRESH_MS = 2000;

/**
 * The web client's refreshes after live updates, on the viewer's own connection: its position 1 s after
 * a queue update or its own position_update, and the overview 2 s after a queue update (each once per
 * burst, as the client's delayed invalidation does). `/queue` shows no overview: a viewer of that page
 * passes `overview: false`.
 */
export function refreshLikeTheWebClient(viewer: ListViewer, userId: string, tally: RefreshTally, { overview = true } = {}) {
  const pending = new Set<string>();
  const later = (name: "positions" | "overviews", path: string, delayMs: number) => {
    if (pending.has(name)) return;
    pending.add(name);
    setTimeout(() => {
      pending.delete(name);
      viewer.http.request("GET", path, { "accept-encoding": "gzip" }).then(
        (response) => {
          if (response.status === 200) tally[name] += 1;
          else tally.failed += 1;
        },
        () => (tally.failed += 1),
      );
    }, delayMs);
  };
  viewer.socket.onMessage((message) => {
    if (message.type === "queue_update" || (message.type === "position_update" && message.user_id === userId)) {
      later("positions", `/api/v1/queue-position/position/${userId}`, POSITION_REFRESH_MS);
    }
    if (overview && message.type === "queue_update") later("overviews", "/api/v1/queue-position/overview", OVERVIEW_REFRESH_MS);
  });
}
