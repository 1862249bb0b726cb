import http from "node:http";
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

/**
 * One viewer's HTTP connection, like one browser: a keep-alive agent with a single socket. The body is
 * collected as received (gzip, as a browser gets it); decoding it is the browser's own CPU, not the
 * server's, so it happens outside the measured time.
 */
export function viewerHttp(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; etag: string; body: Buffer; encoding: string }>((resolve, reject) => {
      const request = http.get(`${baseUrl}${path}`, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            etag: String(response.headers.etag ?? ""),
            body: Buffer.concat(chunks),
            encoding: String(response.headers["content-encoding"] ?? ""),
          }),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
    });
}
