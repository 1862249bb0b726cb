import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { WebSocketServer, type WebSocket as ServerSocket } from "ws";

/**
 * A real backend for a file's component tests: `handle` answers HTTP on a real port (404 by default)
 * and a live socket listens at `socketPath`; every socket that connects is kept in `connected`, for the
 * test to speak through as the server would. Call it at the top of a file.
 */
export function useLiveTestServer(socketPath: string, handle: http.RequestListener = (_req, res) => res.writeHead(404).end()) {
  const connected: ServerSocket[] = [];
  let server: http.Server;
  let sockets: WebSocketServer;
  let origin = "";
  beforeAll(async () => {
    server = http.createServer(handle);
    sockets = new WebSocketServer({ server, path: socketPath });
    sockets.on("connection", (socket) => connected.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of connected) socket.terminate();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    connected,
    /** host:port of the server, once it listens. */
    get origin(): string {
      return origin;
    },
  };
}
