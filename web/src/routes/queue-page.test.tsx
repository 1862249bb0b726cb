import type http from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { WebSocket as NodeWebSocket } from "ws";
import type { QueueOverview } from "@common/queue";
import { makeEntry } from "../test/entry";
import { useLiveTestServer } from "../test/live-test-server";
import { renderWithProviders } from "../test/render";
import { servedWithQueueStatus } from "../test/served-page";
import { StreamLiveBadge } from "../features/stream";
import { QueuePage } from "./queue-page";

/** A backend answering the queue page's calls with what each test sets, and a live socket on /ws/public. */
let overview: QueueOverview;
let streamLive: boolean;
let nowPlaying: unknown[];

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

const backend = useLiveTestServer("/ws/public", (req, res) => {
  const url = req.url ?? "";
  if (url.endsWith("/queue-position/overview")) return json(res, 200, overview);
  if (url.endsWith("/integrations/youtube/live"))
    return json(
      res,
      200,
      streamLive
        ? { live: true, videoId: "abcdefghijk", embeds: { player: "p", chat: "c" }, reason: null }
        : { live: false, videoId: null, embeds: null, reason: "The stream is not live." },
    );
  if (url.endsWith("/active-queuer/queue")) return json(res, 200, nowPlaying);
  if (url.endsWith("/queuer/queue")) return json(res, 200, [makeEntry("w1"), makeEntry("w2")]);
  if (url.endsWith("/queuer/on-hold")) return json(res, 200, []);
  return json(res, 404, { detail: "Not Found" });
});

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://${backend.origin}/api/v1/`);
  vi.stubGlobal("WebSocket", NodeWebSocket);
  overview = {
    total_submissions: 3,
    active_queue: 1,
    waiting_queue: 2,
    hold_queue: 0,
    queue_status: "open",
    is_queue_open: true,
    next_stream_start_at: null,
    now_playing: null,
  };
  streamLive = false;
  nowPlaying = [makeEntry("now", { status: "active" })];
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** The page with the shell's LIVE badge beside it, as the public header shows it. */
const renderPage = (live = false) =>
  renderWithProviders(
    <>
      <StreamLiveBadge />
      <QueuePage />
    </>,
    { route: "/queue", liveUrl: live ? `ws://${backend.origin}/ws/public` : null },
  );

describe("QueuePage", () => {
  it("keeps the closed notice the prerendered page was sent with until the overview says otherwise", async () => {
    const forgetStatus = servedWithQueueStatus("closed");
    try {
      renderPage();
      expect(screen.getByText("New songs can be sent when the stream goes live.")).toBeTruthy();
      await waitFor(() => expect(screen.queryByText("New songs can be sent when the stream goes live.")).toBeNull());
      expect(screen.getByRole("button", { name: "Join Queue" })).toBeTruthy();
    } finally {
      forgetStatus();
    }
  });

  it("says the queue is closed with the shared words, offers no View Queue and no countdown that is not shown", async () => {
    overview = { ...overview, queue_status: "closed", is_queue_open: false };
    renderPage();
    const dialog = await screen.findByRole("dialog", { name: "The queue is closed" });
    expect(within(dialog).getByText("New songs can be sent when the stream goes live.")).toBeTruthy();
    expect(within(dialog).queryByText(/countdown/i)).toBeNull();
    expect(screen.queryByRole("button", { name: "View Queue" })).toBeNull();
    expect(screen.queryByRole("link", { name: "View Queue" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Join Queue" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("shows the countdown in the closed notice when the next stream's start is known", async () => {
    overview = { ...overview, queue_status: "closed", is_queue_open: false, next_stream_start_at: new Date(Date.now() + 86_400_000).toISOString() };
    renderPage();
    const dialog = await screen.findByRole("dialog", { name: "The queue is closed" });
    expect(await within(dialog).findByRole("button", { name: "Add the next stream to your calendar" })).toBeTruthy();
  });

  it("offers Join Queue while the queue is open and the visitor has no song in it", async () => {
    renderPage();
    expect(await screen.findByRole("button", { name: "Join Queue" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the connection apart from the stream: backend.connected is not LIVE", async () => {
    renderPage(true);
    const status = await screen.findByRole("status");
    await waitFor(() => expect(status.textContent).toBe("Real-time updates: Connected"));
    await screen.findByRole("button", { name: "Join Queue" });
    expect(screen.queryByText("LIVE")).toBeNull();
    expect(screen.queryByText("Live")).toBeNull();
  });

  it("shows LIVE, a way to the stream, when YouTube says the stream is live", async () => {
    streamLive = true;
    renderPage();
    const live = await screen.findByRole("link", { name: "LIVE: watch the stream" });
    expect(live.getAttribute("href")).toBe("/live");
    expect(screen.getByRole("status").textContent).toBe("Real-time updates: Offline");
  });

  it("shows LIVE when the stream went live before the live socket was subscribed, which heard nothing of it", async () => {
    renderPage(true);
    await screen.findAllByText("Track w1");
    expect(screen.queryByRole("link", { name: "LIVE: watch the stream" })).toBeNull();
    // The host linked a live stream between the page's first questions and its socket's subscription.
    streamLive = true;
    await waitFor(() => expect(backend.connected.length).toBeGreaterThan(0));
    backend.connected.at(-1)!.send(JSON.stringify({ type: "connection_established", room: "public" }));
    expect(await screen.findByRole("link", { name: "LIVE: watch the stream" })).toBeTruthy();
  });

  it("does not call a stream live while YouTube says it is not, even with the queue open", async () => {
    renderPage();
    await screen.findAllByText("Track w1");
    expect(screen.queryByText("LIVE")).toBeNull();
  });

  it("offers no drafting 'for next time' while the stream is on and submissions are only paused", async () => {
    overview = { ...overview, queue_status: "busy", next_stream_start_at: new Date(Date.now() - 3_600_000).toISOString() };
    renderPage();
    const dialog = await screen.findByRole("dialog", { name: "Submissions are paused" });
    expect(within(dialog).queryByRole("button", { name: "Draft a submission for next time" })).toBeNull();
    expect(within(dialog).queryByText("Starting any moment now")).toBeNull();
  });

  it("does not call the queue empty while nothing plays but people are waiting", async () => {
    nowPlaying = [];
    renderPage();
    await screen.findAllByText("Track w1");
    expect(screen.queryByText("Empty queue!")).toBeNull();
    expect(screen.getByText("Nothing playing yet: the host picks the next song.")).toBeTruthy();
  });
});
