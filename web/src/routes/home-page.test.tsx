import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueueOverview } from "@common/queue";
import { markHelpSeen, setSessionTokens } from "../lib/storage";
import { renderWithProviders } from "../test/render";
import { servedWithQueueStatus } from "../test/served-page";
import { HomePage } from "./home-page";
import { LivePage } from "./live-page";

/** A backend answering Home's and /live's calls with what each test sets. */
let overview: QueueOverview;
let streamLink: string | null;
let server: http.Server;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? "";
    if (url.endsWith("/queue-position/overview")) return json(res, 200, overview);
    if (url.endsWith("/set/youtubeStreamLink")) return json(res, 200, { name: "youtubeStreamLink", state: streamLink });
    if (url.endsWith("/integrations/youtube/live")) return json(res, 200, { live: false, videoId: null, embeds: null, reason: "The stream is not live." });
    return json(res, 404, { detail: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString();
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  localStorage.clear();
  markHelpSeen();
  streamLink = null;
  overview = {
    total_submissions: 0,
    active_queue: 0,
    waiting_queue: 0,
    hold_queue: 0,
    queue_status: "closed",
    is_queue_open: false,
    next_stream_start_at: TOMORROW,
    now_playing: null,
  };
});
afterEach(() => vi.unstubAllEnvs());

const countdown = () => screen.queryByRole("button", { name: /calendar/i });

describe("Home", () => {
  it("shows the countdown to the next stream while the queue is closed", async () => {
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole("button", { name: /calendar/i })).toBeTruthy();
  });

  it("shows no countdown while the stream is on and submissions are only paused, even once the start time has passed", async () => {
    overview = { ...overview, queue_status: "busy", is_queue_open: true, next_stream_start_at: AN_HOUR_AGO };
    renderWithProviders(<HomePage />);
    await screen.findByText("Queue Busy");
    expect(countdown()).toBeNull();
    expect(screen.queryByText("Starting any moment now")).toBeNull();
  });

  it("says beside Join Queue that the queue is closed, before anyone presses it", async () => {
    renderWithProviders(<HomePage />);
    await screen.findByText("Queue Closed");
    const join = screen.getByRole("button", { name: "Join Queue" });
    const note = document.getElementById(join.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toContain("The queue is closed");
  });

  it("says it from the first render when the page came prerendered as closed, and follows the overview once it answers", async () => {
    overview = { ...overview, queue_status: "open", is_queue_open: true };
    const forgetStatus = servedWithQueueStatus("closed");
    try {
      renderWithProviders(<HomePage />);
      expect(screen.getByText(/^The queue is closed\./)).toBeTruthy();
      await screen.findByText("Queue Open");
      expect(screen.queryByText(/^The queue is closed\./)).toBeNull();
    } finally {
      forgetStatus();
    }
  });

  it("offers a signed-in member a way on from the closed disclaimer: drafting the song for next time", async () => {
    setSessionTokens("user", { access_token: "a", refresh_token: "r" }, { user_id: "usr_member_0001", username: "member", display_name: "Member", email: null, bio: null });
    renderWithProviders(<HomePage />);
    await screen.findByText("Queue Closed");
    await userEvent.click(screen.getByRole("button", { name: "Join Queue" }));
    const dialog = await screen.findByRole("dialog", { name: "The queue is closed" });
    expect(await within(dialog).findByRole("button", { name: "Draft a submission for next time" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "View Queue" })).toBeTruthy();
  });
});

describe("/live with no stream on air", () => {
  it("points to the countdown on the home page when the next stream's start is set", async () => {
    renderWithProviders(<LivePage />, { route: "/live" });
    await screen.findByText("No live stream currently.");
    expect((await screen.findByRole("link", { name: /countdown/i })).getAttribute("href")).toBe("/");
  });

  it("does not send anyone to a countdown when no next stream is set", async () => {
    overview = { ...overview, next_stream_start_at: null };
    renderWithProviders(<LivePage />, { route: "/live" });
    await screen.findByText("No live stream currently.");
    expect(screen.queryByText(/countdown/i)).toBeNull();
  });

  it("links to the host's stream address from the settings", async () => {
    streamLink = "https://www.youtube.com/@host/live";
    renderWithProviders(<LivePage />, { route: "/live" });
    await screen.findByText("No live stream currently.");
    expect((await screen.findByRole("link", { name: "Open the stream on YouTube" })).getAttribute("href")).toBe("https://www.youtube.com/@host/live");
  });
});
