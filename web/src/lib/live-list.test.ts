import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { applyListUpdate, rememberListVersion } from "./live-list";

type Entry = { id: string; title: string };
const key = ["queue", "list", "waiting"] as const;
const a = { id: "a", title: "A" };
const b = { id: "b", title: "B" };
const c = { id: "c", title: "C" };

function cacheHolding(entries: Entry[], etag: string) {
  const client = new QueryClient();
  client.setQueryData(key, entries);
  rememberListVersion(key, new Headers({ etag: `"${etag}"` }));
  return client;
}

describe("a live list update in the query cache", () => {
  it("applies a change that starts from the version held, without a request", () => {
    const client = cacheHolding([a, b], "v1");
    applyListUpdate<Entry>(client, key, { total_count: 3, version: "v2", base_version: "v1", changes: { added: [{ index: 0, entry: c }], removed: [], moved: [] } });
    expect(client.getQueryData(key)).toEqual([c, a, b]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);

    // The next one follows from the version just reached.
    applyListUpdate<Entry>(client, key, { total_count: 2, version: "v3", base_version: "v2", changes: { added: [], removed: ["a"], moved: [] } });
    expect(client.getQueryData(key)).toEqual([c, b]);
  });

  it("ignores an update to the version already held", () => {
    const client = cacheHolding([a], "v2");
    applyListUpdate<Entry>(client, key, { total_count: 1, version: "v2", base_version: "v1", changes: { added: [{ index: 0, entry: a }], removed: [], moved: [] } });
    expect(client.getQueryData(key)).toEqual([a]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("refetches after a missed version, or when the server sent no change", async () => {
    const gap = cacheHolding([a], "v1");
    applyListUpdate<Entry>(gap, key, { total_count: 2, version: "v3", base_version: "v2", changes: { added: [{ index: 1, entry: b }], removed: [], moved: [] } });
    expect(gap.getQueryData(key)).toEqual([a]);
    await vi.waitFor(() => expect(gap.getQueryState(key)?.isInvalidated).toBe(true));

    const spec = cacheHolding([a], "v1");
    applyListUpdate<Entry>(spec, key, { total_count: 5 });
    await vi.waitFor(() => expect(spec.getQueryState(key)?.isInvalidated).toBe(true));
  });
});
