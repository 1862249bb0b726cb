import net from "node:net";
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
 * One viewer's HTTP connection, like one browser tab: a single keep-alive socket speaking plain
 * HTTP/1.1. It is deliberately minimal (a prebuilt request, the head parsed for status, ETag and
 * length) so that simulating a thousand viewers on the machine that also runs the server costs as
 * little as possible. The body is kept as received (gzip, as a browser gets it); decoding it is the
 * browser's own CPU, not the server's, so it happens outside the measured time.
 */
export async function viewerHttp(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffered: Buffer = Buffer.alloc(0);
  let pending: { resolve: (r: ViewerResponse) => void; reject: (e: Error) => void } | null = null;

  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headEnd = buffered.indexOf("\r\n\r\n");
    if (headEnd < 0 || !pending) return;
    const head = buffered.subarray(0, headEnd).toString("latin1");
    const header = (name: string) => new RegExp(`^${name}: *(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
    const length = Number(header("content-length") || 0);
    if (buffered.length < headEnd + 4 + length) return;
    const response: ViewerResponse = {
      status: Number(head.slice(9, 12)),
      etag: header("etag"),
      encoding: header("content-encoding"),
      body: buffered.subarray(headEnd + 4, headEnd + 4 + length),
    };
    buffered = buffered.subarray(headEnd + 4 + length);
    const done = pending;
    pending = null;
    done.resolve(response);
  });
  socket.on("error", (error) => pending?.reject(error));

  return (path: string, headers: Record<string, string>) =>
    new Promise<ViewerResponse>((resolve, reject) => {
      pending = { resolve, reject };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines}\r\n`);
    });
}

export interface ViewerResponse {
  status: number;
  etag: string;
  body: Buffer;
  encoding: string;
}
