import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WebSocket as NodeWebSocket } from "ws";
import type { QueuePosition } from "@common/queue";
import { useLiveTestServer } from "../../../test/live-test-server";
import { renderWithProviders } from "../../../test/render";
import { useQueueLiveSync } from "../use-queue-live";
import { PositionWidget } from "./position-widget";

/** A real backend: the position endpoint answers what each test sets, and a live socket on /ws/public. */
let answer: { status: number; body: unknown };
let positionCalls = 0;

const backend = useLiveTestServer("/ws/public", (req, res) => {
  if (req.url?.startsWith("/api/v1/queue-position/position/")) positionCalls += 1;
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(JSON.stringify(answer.body));
});

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://${backend.origin}/api/v1/`);
  // jsdom's global WebSocket cannot dispatch Node's events; the ws client is a real socket with the browser API.
  vi.stubGlobal("WebSocket", NodeWebSocket);
  positionCalls = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const waiting: QueuePosition = { status: "waiting", position: 2, message: "You're #2 in the queue", estimated_wait: 8, total_ahead: 1, total_in_queue: 5 };

function LivePosition({ userId }: { userId: string }) {
  useQueueLiveSync();
  return <PositionWidget userId={userId} />;
}

describe("PositionWidget", () => {
  it("shows the place, the estimated wait and who is ahead", async () => {
    answer = { status: 200, body: waiting };
    renderWithProviders(<PositionWidget userId="guest_1" />);
    expect(await screen.findByText("#2")).toBeTruthy();
    expect(screen.getByText("of 5 waiting")).toBeTruthy();
    expect(screen.getByText("~8 min wait · 1 ahead of you")).toBeTruthy();
  });

  it("tells an entry on hold what to do", async () => {
    answer = { status: 200, body: { ...waiting, status: "on_hold", position: null, message: "Your submission is on hold. Check back in to return to your place." } };
    renderWithProviders(<PositionWidget userId="guest_1" />);
    expect(await screen.findByText("On Hold")).toBeTruthy();
    expect(screen.getByText("Your submission is on hold. Check back in to return to your place.")).toBeTruthy();
  });

  it("hides itself when the visitor is not in the queue", async () => {
    answer = { status: 404, body: { detail: "Not in queue" } };
    renderWithProviders(<PositionWidget userId="guest_1" />);
    expect(screen.getByLabelText("Your position")).toBeTruthy();
    await waitFor(() => expect(positionCalls).toBe(1));
    await waitFor(() => expect(screen.queryByLabelText("Your position")).toBeNull());
  });

  it("says 'Position unavailable' on an error and recovers with the refresh button", async () => {
    answer = { status: 500, body: { detail: "Internal server error" } };
    renderWithProviders(<PositionWidget userId="guest_1" />);
    expect(await screen.findByText("Position unavailable")).toBeTruthy();
    answer = { status: 200, body: { ...waiting, position: 1, total_ahead: 0 } };
    await userEvent.click(screen.getByRole("button", { name: "Refresh position" }));
    expect(await screen.findByText("#1")).toBeTruthy();
    expect(screen.queryByText("Position unavailable")).toBeNull();
  });

  it("refreshes about a second after a live queue update and shows the live-update indicator", async () => {
    answer = { status: 200, body: waiting };
    renderWithProviders(<LivePosition userId="guest_1" />, { liveUrl: `ws://${backend.origin}/ws/public?user_id=guest_1` });
    expect(await screen.findByText("#2")).toBeTruthy();
    await waitFor(() => expect(backend.connected.some((socket) => socket.readyState === socket.OPEN)).toBe(true));
    answer = { status: 200, body: { ...waiting, position: 1, total_ahead: 0 } };
    const sentAt = Date.now();
    for (const socket of backend.connected) socket.send(JSON.stringify({ type: "queue_update", queue_type: "waiting", total_count: 4 }));
    expect(await screen.findByText("Live update")).toBeTruthy();
    expect(await screen.findByText("#1")).toBeTruthy();
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
    expect(positionCalls).toBe(2);
  });
});
