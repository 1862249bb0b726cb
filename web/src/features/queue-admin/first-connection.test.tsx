import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { WebSocket as NodeWebSocket } from "ws";
import { makeEntry } from "../../test/entry";
import { useLiveTestServer } from "../../test/live-test-server";
import { renderWithProviders } from "../../test/render";
import { adminListQuery } from "./api";
import { useAdminQueueLive } from "./use-admin-queue-live";

/** A real backend: Now Playing as each test sets it, and a socket that greets only when the test says. */
let nowPlaying = makeEntry("first", { status: "active", track_title: "Glasshouse" });

const backend = useLiveTestServer("/ws/admin", (req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(req.url?.includes("active-queuer") ? [nowPlaying] : []));
});
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://${backend.origin}/api/v1/`);
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
    renderWithProviders(<NowPlaying />, { liveUrl: `ws://${backend.origin}/ws/admin` });
    await screen.findByText("Glasshouse");
    await vi.waitFor(() => expect(backend.connected).toHaveLength(1));

    // The song changes after the page loaded its lists and before its socket was subscribed: no update reaches it.
    nowPlaying = makeEntry("second", { status: "active", track_title: "Night Bus" });
    backend.connected[0]!.send(JSON.stringify({ type: "connection_established", room: "admin" }));
    expect(await screen.findByText("Night Bus")).toBeTruthy();
  });
});
