import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { STORAGE_KEYS } from "@common/auth";
import { ErrorBoundary } from "../../components/error-boundary";
import { renderWithProviders } from "../../test/render";
import { adminListQuery } from "../../features/queue-admin/api";
import { appEventsQuery, playedListQuery, priorityAnalyticsQuery, sessionsQuery } from "../../features/analytics/api";
import { bulkNotPlayingQuery, bulkPlayingQuery, bulkTypesQuery } from "../../features/bulk/api";
import { fastPassUsersQuery } from "../../features/loyalty/grant-api";
import { scheduleRunsQuery, schedulerStatusQuery, schedulesQuery } from "../../features/scheduler/api";
import { AdminQueueSection } from "../../features/queue-admin/components/admin-queue-section";

/** The Waiting list answers with `status` and no body. */
let status = 500;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(status, { "content-type": "application/json", "x-request-id": "req-test-1" });
    res.end(status === 404 ? JSON.stringify({ detail: "Not Found" }) : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-token");
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
});

function WaitingPage() {
  return (
    <ErrorBoundary>
      <Waiting />
    </ErrorBoundary>
  );
}
function Waiting() {
  return <AdminQueueSection title="Waiting" query={useQuery(adminListQuery("waiting"))} emptyText="Nobody is waiting." />;
}

describe("an admin page whose data cannot be read", () => {
  it("shows the Connection Error screen, with 'API request failed' when the server says nothing", async () => {
    status = 500;
    renderWithProviders(<WaitingPage />);
    expect(await screen.findByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("API request failed")).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("shows a 404 as an empty list, not as an error", async () => {
    status = 404;
    renderWithProviders(<WaitingPage />);
    expect(await screen.findByText("Nobody is waiting.")).toBeTruthy();
    expect(screen.queryByText("Connection Error")).toBeNull();
  });
});

/** The reads of the scheduler, analytics, Submissions Played, bulk operations and Fast Pass pages. */
const PAGE_READS: [string, () => object][] = [
  ["scheduler: schedules", schedulesQuery],
  ["scheduler: status", schedulerStatusQuery],
  ["scheduler: runs", scheduleRunsQuery],
  ["analytics: sessions", sessionsQuery],
  ["analytics: priority figures", priorityAnalyticsQuery],
  ["analytics: app events", appEventsQuery],
  ["submissions played", playedListQuery],
  ["bulk: operation types", bulkTypesQuery],
  ["bulk: waiting and on hold", bulkNotPlayingQuery],
  ["bulk: now playing", bulkPlayingQuery],
  ["fast pass: recent users", () => fastPassUsersQuery("")],
  ["fast pass: search", () => fastPassUsersQuery("ann")],
];

function Probe({ read }: { read: () => object }) {
  const query = useQuery(read() as UseQueryOptions);
  return <p>{query.isError ? "inline error" : query.isSuccess ? "loaded" : "loading"}</p>;
}

describe("every back-office page's reads", () => {
  it.each(PAGE_READS)("%s: a server failure shows the Connection Error screen", async (_name, read) => {
    status = 503;
    renderWithProviders(
      <ErrorBoundary>
        <Probe read={read} />
      </ErrorBoundary>,
    );
    expect(await screen.findByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("503")).toBeTruthy();
  });
});
