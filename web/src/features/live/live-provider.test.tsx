import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import { WebSocket as NodeWebSocket } from "ws";
import { useLiveTestServer } from "../../test/live-test-server";
import { renderWithProviders } from "../../test/render";
import { useRequestPosition } from "../queue";
import { ConnectionStatus } from "./connection-status";
import { LiveProvider, useLiveMessage } from "./live-provider";

const backend = useLiveTestServer("/ws/public");
const received: unknown[] = [];
let socketsBefore = 0;

beforeEach(() => {
  vi.stubGlobal("WebSocket", NodeWebSocket);
  received.length = 0;
  socketsBefore = backend.connected.length;
});
afterEach(() => vi.unstubAllGlobals());

/** The server's side of the test's socket, recording what the page sends. */
async function serverSide() {
  await waitFor(() => expect(backend.connected.length).toBeGreaterThan(socketsBefore));
  const socket = backend.connected[backend.connected.length - 1]!;
  socket.on("message", (data) => received.push(JSON.parse(data.toString())));
  return socket;
}

describe("the live connection's provider", () => {
  it("does not draw a component that only listens again as the connection opens, and delivers its messages", async () => {
    let renders = 0;
    const heard: string[] = [];
    function Listener() {
      renders += 1;
      useLiveMessage("system_message", (message) => heard.push(message.message));
      return null;
    }
    renderWithProviders(
      <LiveProvider url={`ws://${backend.origin}/ws/public`}>
        <Listener />
        <ConnectionStatus />
      </LiveProvider>,
    );
    const socket = await serverSide();
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Connected"));
    socket.send(JSON.stringify({ type: "system_message", message: "Welcome", level: "info" }));
    await waitFor(() => expect(heard).toEqual(["Welcome"]));
    expect(renders).toBe(1);
  });

  it("asks for the viewer's place once the server says the connection is established, and again on refresh", async () => {
    let refresh = () => {};
    function Place() {
      refresh = useRequestPosition("user_1");
      return null;
    }
    renderWithProviders(
      <LiveProvider url={`ws://${backend.origin}/ws/public`}>
        <Place />
      </LiveProvider>,
    );
    const socket = await serverSide();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(received).toEqual([]);
    socket.send(JSON.stringify({ type: "connection_established", room: "viewers" }));
    await waitFor(() => expect(received).toEqual([{ type: "request_position", user_id: "user_1" }]));
    act(() => refresh());
    await waitFor(() => expect(received).toHaveLength(2));
  });
});
