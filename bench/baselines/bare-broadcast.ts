import http from "node:http";
import { WebSocketServer, WebSocket } from "ws";

// The ceiling for a live update: a bare `ws` server sending one 110-byte message to every socket.
const message = JSON.stringify({ type: "queue_update", queue_type: "active", total_count: 1, padding: "x".repeat(42) });
// Answers a ping with a pong, so a client can confirm it is attached before the timing starts.
const pong = JSON.stringify({ type: "pong", timestamp: new Date(0).toISOString() });

const server = http.createServer((request, response) => {
  if (request.url === "/broadcast") {
    for (const socket of sockets.clients) if (socket.readyState === WebSocket.OPEN) socket.send(message);
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
