import type http from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import type { QueueOverview } from "@common/queue";
import { makeEntry } from "../test/entry";
import { useLiveTestServer } from "../test/live-test-server";
import { QueryClient } from "@tanstack/react-query";
import { renderWithProviders } from "../test/render";
import { StreamLiveBadge } from "../features/stream";
import { QueuePage } from "../routes/queue-page";
import { loadQueuePageData } from "./queue-page-data";
import { queryDefaults } from "./query-client";

const overview: QueueOverview = {
  total_submissions: 2,
  active_queue: 1,
  waiting_queue: 1,
  hold_queue: 0,
  queue_status: "open",
  is_queue_open: true,
  next_stream_start_at: null,
  now_playing: null,
};

/** Every call the backend was asked, by path; `failing` answers 500. */
const asked: string[] = [];
let failing: string | null = null;

const backend = useLiveTestServer("/ws/public", (req: http.IncomingMessage, res: http.ServerResponse) => {
  const path = new URL(req.url ?? "", "http://backend").pathname.replace("/api/v1/", "");
  asked.push(path);
  const answers: Record<string, unknown> = {
    "queue-position/overview": overview,
    "public-config": {},
    "integrations/youtube/live": { live: false, videoId: null, embeds: null, reason: "The stream is not live." },
    "active-queuer/queue": [makeEntry("playing", { status: "active" })],
    "queuer/queue": [makeEntry("waiting")],
    "queuer/on-hold": [],
    "votes/session/current/played": { session_id: null, played: [] },
    "skip-votes/current": { submission_id: "playing", votes: 0, needed: 3, voted: false, skipped: false },
  };
  const known = path in answers && path !== failing;
  res.writeHead(known ? 200 : path === failing ? 500 : 404, { "content-type": "application/json" });
  res.end(JSON.stringify(known ? answers[path] : { detail: "No" }));
});

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://${backend.origin}/api/v1/`);
  asked.length = 0;
  failing = null;
});
afterEach(() => vi.unstubAllEnvs());

/** The app's cache: an answer stays fresh for a moment, so the page's first render does not ask again. */
const appQueryClient = () => new QueryClient({ defaultOptions: { queries: { ...queryDefaults, retry: false } } });

describe("the answers the queue page's first render needs, asked while its code loads", () => {
  it("are all the queue page asks for: its first render draws the lists and asks nothing again", async () => {
    const client = appQueryClient();
    await loadQueuePageData(client);
    const askedBefore = [...asked].sort();
    renderWithProviders(
      <>
        <StreamLiveBadge />
        <QueuePage />
      </>,
      { route: "/queue", client },
    );
    // At once, in the first render: no placeholder while the page asks.
    expect(screen.getByText("Artist waiting")).toBeTruthy();
    expect(screen.getByText("Artist playing")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join Queue" })).toBeTruthy();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(asked.sort()).toEqual(askedBefore);
    expect(askedBefore).toContain("skip-votes/current");
  });

  it("leave an answer that failed to the page, which asks for it again as it mounts", async () => {
    failing = "queuer/queue";
    const client = appQueryClient();
    await loadQueuePageData(client);
    expect(asked.filter((path) => path === "queuer/queue")).toHaveLength(1);
    failing = null;
    renderWithProviders(<QueuePage />, { route: "/queue", client });
    expect(await screen.findByText("Artist waiting")).toBeTruthy();
    expect(asked.filter((path) => path === "queuer/queue")).toHaveLength(2);
  });
});
