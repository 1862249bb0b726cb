import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useQuery } from "@tanstack/react-query";
import { STORAGE_KEYS } from "@common/auth";
import type { Queuer } from "@common/queue";
import { queuer } from "../../../../test/queuer";
import { renderWithProviders } from "../../../../test/render";
import { adminListQuery } from "../api";
import { AdminQueueSection } from "./admin-queue-section";

const entry = (id: string, priority_level: Queuer["priority_level"]) => queuer(id, { priority_level });

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A small admin backend: the Waiting list answers `waiting` as given; every call is recorded. */
let waiting: Queuer[] = [];
const calls: Call[] = [];
let server: http.Server;
let apiUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").replace("/api/v1/", "");
      calls.push({ method: req.method ?? "", path, authorization: req.headers.authorization, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(path === "queuer/queue/admin" ? waiting : { ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", apiUrl);
  localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-token");
  calls.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  localStorage.clear();
});

function WaitingList() {
  return <AdminQueueSection title="Waiting" query={useQuery(adminListQuery("waiting"))} emptyText="Nobody is waiting." />;
}

describe("AdminQueueSection", () => {
  it("shows the entries in the order the server sent them", async () => {
    // The server owns the queue order; the page must not move the VIP ahead of a regular entry.
    waiting = [entry("c", 0), entry("a", 2), entry("b", 0)];
    renderWithProviders(<WaitingList />);
    const section = await screen.findByRole("region", { name: "Waiting" });
    await within(section).findByLabelText("Track c by Artist c");
    const cards = within(section).getAllByLabelText(/^Track \w by /);
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual(["Track c by Artist c", "Track a by Artist a", "Track b by Artist b"]);
  });

  it("puts an entry on hold by sending only on_hold, so an owner's edit made meanwhile is kept", async () => {
    waiting = [entry("a", 0)];
    renderWithProviders(<WaitingList />);
    const card = await screen.findByLabelText("Track a by Artist a");
    await userEvent.click(within(card).getByRole("button", { name: "Hold" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const hold = calls.find((call) => call.method === "PUT");
    expect(hold).toMatchObject({ path: "queuer/a/admin", authorization: "Bearer admin-token" });
    expect(JSON.parse(hold!.body)).toEqual({ on_hold: true });
  });
});
