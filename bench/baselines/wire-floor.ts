import fs from "node:fs";
import http from "node:http";
import { WebSocketServer, WebSocket } from "ws";

/**
 * The floor on the wire: a bare `ws` server that, on `/change`, sends every socket the frames
 * LiveQueue sent for the same change in the same run, byte for byte and as many (FRAMES_FILE: one
 * array of frame texts per change, replayed in order; `POST /record` adds the next change as it
 * happens, with the list after it). When LISTS_FILE is given, `/list` serves the Waiting list as
 * LiveQueue served it at the version a viewer asks for, so a viewer that refetches gets the same gzip
 * bytes under the same ETag.
 */
interface ServedList {
  etag: string;
  /** The gzip body, base64. */
  gzip: string;
}

// Each frame encoded once, as a server that broadcasts one change to many sockets would.
const changes = (JSON.parse(fs.readFileSync(process.env.FRAMES_FILE!, "utf8")) as string[][]).map((frames) => frames.map((frame) => Buffer.from(frame)));
const lists = process.env.LISTS_FILE ? (JSON.parse(fs.readFileSync(process.env.LISTS_FILE, "utf8")) as ServedList[]) : [];
const bodyOf = (list: ServedList) => ({ etag: list.etag, body: Buffer.from(list.gzip, "base64") });
const bodies = lists.map(bodyOf);
let changed = 0;
const pong = JSON.stringify({ type: "pong", timestamp: new Date(0).toISOString() });

/** The next change LiveQueue made: the frames it sent one socket, and the list it served after it. */
function record(request: http.IncomingMessage, response: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const change = JSON.parse(Buffer.concat(chunks).toString()) as { frames: string[]; list: ServedList };
    changes.push(change.frames.map((frame) => Buffer.from(frame)));
    bodies.push(bodyOf(change.list));
    response.end("ok");
  });
}

const server = http.createServer((request, response) => {
  if (request.url === "/record" && request.method === "POST") return record(request, response);
  if (request.url === "/change") {
    const frames = changes[changed % changes.length]!;
    changed += 1;
    for (const socket of sockets.clients) {
      if (socket.readyState === WebSocket.OPEN) for (const frame of frames) socket.send(frame, { binary: false });
    }
    response.end("ok");
    return;
  }
  if (request.url?.startsWith("/list")) {
    const current = bodies[Math.min(changed, bodies.length - 1)]!;
    if (request.headers["if-none-match"] === current.etag) {
      response.writeHead(304, { etag: current.etag });
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": current.body.length, etag: current.etag });
    response.end(current.body);
    return;
  }
  response.end("ok");
});
const sockets = new WebSocketServer({ server });
sockets.on("connection", (socket) => {
  socket.on("message", (data) => {
    if (String(data).includes('"ping"')) socket.send(pong);
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1");
