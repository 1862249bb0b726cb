import WebSocket from "ws";

export interface Viewer {
  socket: WebSocket;
  /** Resolves on the next message of the type that passes the filter. */
  next(type: string, filter?: (message: any) => boolean): Promise<any>;
}

/** Opens `count` sockets, `concurrency` at a time, each resolved once greeted by the server (or opened). */
export async function openViewers(url: string, count: number, concurrency = 200): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, () => openViewer(url));
    viewers.push(...(await Promise.all(batch)));
  }
  return viewers;
}

function openViewer(url: string): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const waiters: { type: string; filter?: (m: any) => boolean; resolve: (m: any) => void }[] = [];
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      for (let i = 0; i < waiters.length; i += 1) {
        const waiter = waiters[i]!;
        if (waiter.type === message.type && (!waiter.filter || waiter.filter(message))) {
          waiters.splice(i, 1);
          waiter.resolve(message);
          return;
        }
      }
    });
    socket.once("open", () =>
      resolve({
        socket,
        next: (type, filter) => new Promise((done) => waiters.push({ type, filter, resolve: done })),
      }),
    );
    socket.once("error", reject);
  });
}

export function closeViewers(viewers: Viewer[]): void {
  for (const viewer of viewers) viewer.socket.terminate();
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
