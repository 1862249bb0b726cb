import net from "node:net";
import WebSocket from "ws";
import { QUEUE_TYPES } from "@common/queue";

export interface Viewer {
  socket: WebSocket;
  /** Resolves on the next message of the type that passes the filter. */
  next(type: string, filter?: (message: any) => boolean): Promise<any>;
  /** Called with every message the socket receives, after any waiter took it. */
  onMessage(listener: (message: any) => void): void;
}

export interface OpenOptions {
  /** Sockets opened at once, as a crowd arrives in waves. */
  concurrency?: number;
  /** Send subscribe_queue for every list and wait for a ping's pong: the subscription is in place. */
  subscribe?: boolean;
}

/** Opens `count` sockets, `concurrency` at a time, each resolved once open (and subscribed when asked). */
export async function openViewers(url: string, count: number, options: OpenOptions = {}): Promise<Viewer[]> {
  const concurrency = options.concurrency ?? 200;
  const viewers: Viewer[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, async () => {
      const viewer = await openViewer(url);
      if (options.subscribe) await confirmSubscribed(viewer);
      return viewer;
    });
    viewers.push(...(await Promise.all(batch)));
  }
  return viewers;
}

/** Messages are handled in order, so the pong after subscribe_queue proves the subscription took. */
export async function confirmSubscribed(viewer: Viewer): Promise<void> {
  const pong = viewer.next("pong");
  viewer.socket.send(JSON.stringify({ type: "subscribe_queue", queue_types: [...QUEUE_TYPES] }));
  viewer.socket.send(JSON.stringify({ type: "ping" }));
  await pong;
}

/**
 * Parsed socket frames by their text. Every simulated viewer receives the same bytes, which a browser
 * would parse on its own CPU at the same time as the others: the crowd shares one parse, so the
 * benchmark process's single core does not stand in for thousands of devices (messages are only read).
 */
const parsedFrames = new Map<string, any>();
function parseFrame(text: string): any {
  let message = parsedFrames.get(text);
  if (message === undefined) {
    message = JSON.parse(text);
    parsedFrames.set(text, message);
    if (parsedFrames.size > 64) parsedFrames.delete(parsedFrames.keys().next().value!);
  }
  return message;
}

function openViewer(url: string): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const waiters: { type: string; filter?: (m: any) => boolean; resolve: (m: any) => void }[] = [];
    const listeners: ((message: any) => void)[] = [];
    socket.on("message", (data) => {
      const message = parseFrame(String(data));
      for (let i = 0; i < waiters.length; i += 1) {
        const waiter = waiters[i]!;
        if (waiter.type === message.type && (!waiter.filter || waiter.filter(message))) {
          waiters.splice(i, 1);
          waiter.resolve(message);
          break;
        }
      }
      for (const listener of listeners) listener(message);
    });
    socket.once("open", () =>
      resolve({
        socket,
        next: (type, filter) => new Promise((done) => waiters.push({ type, filter, resolve: done })),
        onMessage: (listener) => listeners.push(listener),
      }),
    );
    socket.once("error", reject);
  });
}

export function closeViewers(viewers: { socket: WebSocket }[]): void {
  for (const viewer of viewers) viewer.socket.terminate();
}

export const median = (values: number[]) => percentile(values, 0.5);

/** The value below which `share` of the values lie (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** Runs `work` on every item, at most `concurrency` at once. */
export async function inBatches<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map((item, i) => work(item, start + i)))));
  }
  return results;
}

export interface ViewerResponse {
  status: number;
  etag: string;
  body: Buffer;
  encoding: string;
}

export interface HttpConnection {
  request(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<ViewerResponse>;
  close(): void;
}

/**
 * One viewer's HTTP connection, like one browser tab: a single keep-alive socket speaking plain
 * HTTP/1.1. It is deliberately minimal (a prebuilt request, the head parsed for status, ETag and
 * length) so that simulating thousands of viewers on the machine that also runs the server costs as
 * little as possible. Requests made while one is in flight wait their turn. The body is kept as
 * received (gzip, as a browser gets it); decoding it is the browser's own CPU, done when needed.
 */
export async function httpConnection(baseUrl: string): Promise<HttpConnection> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffered: Buffer = Buffer.alloc(0);
  type Pending = { text: string; resolve: (r: ViewerResponse) => void; reject: (e: Error) => void };
  const queue: Pending[] = [];

  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      const pending = queue[0];
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
      queue.shift();
      if (queue[0]) socket.write(queue[0].text);
      pending.resolve(response);
    }
  });
  const fail = (error: Error) => {
    for (const pending of queue.splice(0)) pending.reject(error);
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("connection closed")));

  return {
    request(method, path, headers = {}, body) {
      return new Promise<ViewerResponse>((resolve, reject) => {
        const all = body === undefined ? headers : { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
        const lines = Object.entries(all)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("");
        const text = `${method} ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines}\r\n${body ?? ""}`;
        queue.push({ text, resolve, reject });
        if (queue.length === 1) socket.write(text);
      });
    },
    close: () => socket.destroy(),
  };
}

/** A GET-only view of one connection, as the earlier benchmarks used it. */
export async function viewerHttp(baseUrl: string) {
  const connection = await httpConnection(baseUrl);
  return (path: string, headers: Record<string, string>) => connection.request("GET", path, headers);
}

/**
 * A connection opened for each request and closed after its answer: a browser tab that has been idle
 * on the page longer than the server's keep-alive timeout holds only its socket, and connects again
 * when it next needs the API.
 */
export function httpOnDemand(baseUrl: string): HttpConnection {
  return {
    async request(method, path, headers, body) {
      const connection = await httpConnection(baseUrl);
      try {
        return await connection.request(method, path, headers, body);
      } finally {
        connection.close();
      }
    },
    close: () => undefined,
  };
}
