import http from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applyListUpdate } from "../../lib/live-list";
import { queueKeys, queueListQuery } from "./api";

const a = { id: "a", track_title: "A" };
const b = { id: "b", track_title: "B" };
const c = { id: "c", track_title: "C" };

/** A real backend whose list answers wait until the test sends them, in any order. */
const held: http.ServerResponse[] = [];
let server: http.Server;
let base: string;

const answer = (res: http.ServerResponse, version: string, entries: unknown[]) => {
  if (res.destroyed) return;
  res.writeHead(200, { "content-type": "application/json", etag: `"${version}"` });
  res.end(JSON.stringify(entries));
};

beforeAll(async () => {
  server = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  held.length = 0;
  vi.stubEnv("VITE_API_URL", base);
});
afterEach(() => vi.unstubAllEnvs());

describe("the Waiting list query under live changes", () => {
  it("keeps the version of the list it holds when a fetch superseded by a change answers last", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = queueKeys.list("waiting");
    const stop = new QueryObserver(client, queueListQuery("waiting")).subscribe(() => {});
    await vi.waitFor(() => expect(held, "the first read").toHaveLength(1));

    // A change arrives while the first read is in flight: it is read again.
    applyListUpdate(client, key, { total_count: 2, version: "v2", base_version: "v1", changes: { added: [{ index: 1, entry: b }], removed: [], moved: [] } });
    await vi.waitFor(() => expect(held, "the read again").toHaveLength(2));
    answer(held[1]!, "v2", [a, b]);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual([a, b]));
    // The first read's answer comes last, with the older version.
    answer(held[0]!, "v1", [a]);
    await new Promise((resolve) => setTimeout(resolve, 50));

    applyListUpdate(client, key, { total_count: 3, version: "v3", base_version: "v2", changes: { added: [{ index: 2, entry: c }], removed: [], moved: [] } });
    expect(client.getQueryData(key)).toEqual([a, b, c]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    stop();
    client.clear();
  });
});
