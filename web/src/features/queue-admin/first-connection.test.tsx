import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from "ws";
import { makeEntry } from "../../test/entry";
import { renderWithProviders } from "../../test/render";
import { adminListQuery } from "./api";
import { useAdminQueueLive } from "./use-admin-queue-live";

/** A real backend: Now Playing as each test sets it, and a socket that greets only when the test says. */
let nowPlaying = makeEntry("first", { status: "active", track_title: "Glasshouse" });
let server: http.Server;
let sockets: WebSocketServer;
let greet: (() => void) | null = null;
const connected: ServerSocket[] = [];
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url?.includes("active-queuer") ? [nowPlaying] : []));
  });
  sockets = new WebSocketServer({ server, path: "/ws/admin" });
  sockets.on("connection", (socket) => {
    connected.push(socket);
    greet = () => socket.send(JSON.stringify({ type: "connection_established", room: "admin" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of connected) socket.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://${origin}/api/v1/`);
  vi.stubGlobal("WebSocket", NodeWebSocket);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function NowPlaying() {
  useAdminQueueLive();
  const active = useQuery(adminListQuery("active"));
  return <p>{active.data?.[0]?.track_title ?? "loading"}</p>;
}

describe("the back-office lists", () => {
  it("are fetched again once the socket is up: a song that changed between the page's load and the subscription is not missed", async () => {
    renderWithProviders(<NowPlaying />, { liveUrl: `ws://${origin}/ws/admin` });
    await screen.findByText("Glasshouse");
    await vi.waitFor(() => expect(greet).not.toBeNull());

    // The song changes after the page loaded its lists and before its socket was subscribed: no update reaches it.
    nowPlaying = makeEntry("second", { status: "active", track_title: "Night Bus" });
    greet!();
    expect(await screen.findByText("Night Bus")).toBeTruthy();
  });
});
