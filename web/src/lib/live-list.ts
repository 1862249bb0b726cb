import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { followListUpdate, type ListChanges } from "@common/list-delta";

/** The version of each list held in the query cache, by query key: its ETag without quotes. */
const versions = new Map<string, string | null>();

const versionOf = (etag: string | null) => (etag ? etag.replace(/^W\//, "").replace(/^"|"$/g, "") : null);

/** Keeps the version of a list just fetched, from its answer's ETag. */
export function rememberListVersion(queryKey: QueryKey, headers: Headers): void {
  versions.set(hashKey(queryKey), versionOf(headers.get("etag")));
}

export interface ListUpdate<T> {
  total_count: number;
  version?: string;
  base_version?: string | null;
  changes?: ListChanges<T>;
}

/**
 * Brings a cached list to the version an update announces: applies its change when the cache holds
 * the version it starts from, does nothing when it already holds the new one, and otherwise refetches
 * (the browser revalidates with the ETag). A fetch in flight may predate the change, so it is dropped and redone.
 */
export function applyListUpdate<T extends { id: string }>(client: QueryClient, queryKey: QueryKey, update: ListUpdate<T>): void {
  const key = hashKey(queryKey);
  const state = client.getQueryState<T[]>(queryKey);
  const held = state?.data && state.fetchStatus !== "fetching" ? { entries: state.data, version: versions.get(key) ?? null } : undefined;
  const outcome = followListUpdate(held, update);
  if (outcome.kind === "current") return;
  if (outcome.kind === "applied") {
    versions.set(key, outcome.version);
    client.setQueryData<T[]>(queryKey, outcome.entries);
    return;
  }
  // Cancelled first: TanStack would join a first load in flight, which may predate the change, rather than restart it.
  void client.cancelQueries({ queryKey, exact: true }).then(() => client.invalidateQueries({ queryKey, exact: true }));
}
