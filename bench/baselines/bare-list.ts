import fs from "node:fs";
import http from "node:http";
import { WebSocketServer, WebSocket } from "ws";

/**
 * The floor for one change seen by every viewer without deltas: `/change` sends a bare
 * `queue_update` (no version, no change) to every socket, and `/list` answers the same ready gzip
 * bytes (LIST_FILE, LiveQueue's own Waiting list) under a new ETag, so every viewer refetches it.
 */
const body = fs.readFileSync(process.env.LIST_FILE!);
const totalCount = Number(process.env.LIST_COUNT ?? 0);
let version = 1;
const pong = JSON.stringify({ type: "pong", timestamp: new Date(0).toISOString() });

const server = http.createServer((request, response) => {
  if (request.url === "/change") {
    version += 1;
    const message = JSON.stringify({ type: "queue_update", queue_type: "waiting", total_count: totalCount });
    for (const socket of sockets.clients) if (socket.readyState === WebSocket.OPEN) socket.send(message);
    response.end("ok");
    return;
  }
  if (request.url?.startsWith("/list")) {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.length, etag: `"floor-${version}"` });
    response.end(body);
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
