import { gunzipSync } from "node:zlib";
import { followListUpdate, type HeldList, type ListChanges } from "@common/list-delta";
import type { Entry } from "@common/queue";
import { httpConnection, type HttpConnection, type Viewer, type ViewerResponse } from "./clients";

export const WAITING_PATH = "/api/v1/queuer/queue";

/**
 * Decoded lists by version. Every simulated viewer that refetches a version gets the same bytes; one
 * shared decode (never mutated: applying a change builds a new array) keeps a crowd of thousands
 * within the benchmark process's memory and CPU.
 */
const decodedByVersion = new Map<string, Entry[]>();
function decode(version: string | null, body: Buffer): Entry[] {
  const known = version ? decodedByVersion.get(version) : undefined;
  if (known) return known;
  const entries = JSON.parse(gunzipSync(body).toString()) as Entry[];
  if (version) {
    if (decodedByVersion.size >= 16) decodedByVersion.delete(decodedByVersion.keys().next().value!);
    decodedByVersion.set(version, entries);
  }
  return entries;
}

/**
 * Changes applied, by the version they lead to. Viewers that hold the same version hold the same
 * (shared, never mutated) entries; each would apply the change on its own device at the same time, so
 * the crowd shares one application, as it shares one decode.
 */
const appliedByVersion = new Map<string, { from: readonly Entry[]; entries: Entry[] }>();
function applyShared(held: HeldList<Entry> | undefined, update: ListUpdate) {
  const known = update.version ? appliedByVersion.get(update.version) : undefined;
  if (known && held && held.version === update.base_version && known.from === held.entries) {
    return { kind: "applied" as const, entries: known.entries, version: update.version! };
  }
  const outcome = followListUpdate<Entry>(held, update);
  if (outcome.kind === "applied" && held) {
    appliedByVersion.set(outcome.version, { from: held.entries, entries: outcome.entries });
    if (appliedByVersion.size > 16) appliedByVersion.delete(appliedByVersion.keys().next().value!);
  }
  return outcome;
}

interface ListUpdate {
  total_count: number;
  version?: string;
  base_version?: string | null;
  changes?: ListChanges<Entry>;
}

const versionOf = (etag: string) => (etag ? etag.replace(/^W\//, "").replace(/^"|"$/g, "") : null);

/**
 * A viewer that holds the Waiting list as the web client does: it first GETs the list (its ETag is the
 * version), then on each `queue_update` for Waiting follows the shared client rule `followListUpdate`:
 * apply the change when it starts from the version held, else refetch with If-None-Match. A body
 * received on a refetch is decoded when next needed, as a browser decodes on its own CPU.
 */
export class ListViewer {
  version: string | null = null;
  private entries: Entry[] = [];
  private undecoded: Buffer | null = null;
  private fetching = false;
  private latest: ListUpdate | null = null;
  /** When each version was first held (performance.now()). */
  readonly heldAt = new Map<string, number>();
  private waiters: { version: string | null; resolve: (at: number) => void }[] = [];
  refetches = 0;
  applied = 0;

  constructor(
    readonly socket: Viewer,
    readonly http: HttpConnection,
    private readonly listPath = WAITING_PATH,
  ) {
    socket.onMessage((message) => {
      if (message.type === "queue_update" && message.queue_type === "waiting") this.follow(message);
    });
  }

  static async open(socket: Viewer, baseUrl: string, listPath = WAITING_PATH): Promise<ListViewer> {
    const viewer = new ListViewer(socket, await httpConnection(baseUrl), listPath);
    await viewer.refetch();
    return viewer;
  }

  /** The list as held, decoding a refetched body first. */
  held(): HeldList<Entry> | undefined {
    if (this.fetching) return undefined;
    if (this.undecoded) {
      this.entries = decode(this.version, this.undecoded);
      this.undecoded = null;
    }
    return { entries: this.entries, version: this.version };
  }

  list(): Entry[] {
    this.held();
    return this.entries;
  }

  private follow(update: ListUpdate): void {
    this.latest = update;
    if (this.fetching) return; // looked at again once the fetch in flight returns
    const outcome = applyShared(this.held(), update);
    if (outcome.kind === "applied") {
      this.applied += 1;
      this.entries = outcome.entries;
      this.hold(outcome.version);
    } else if (outcome.kind === "refetch") {
      void this.refetch();
    }
  }

  async refetch(): Promise<void> {
    this.fetching = true;
    let response: ViewerResponse;
    try {
      const headers: Record<string, string> = { "accept-encoding": "gzip" };
      if (this.version) headers["if-none-match"] = `"${this.version}"`;
      response = await this.http.request("GET", this.listPath, headers);
    } finally {
      this.fetching = false;
    }
    if (this.version !== null) this.refetches += 1;
    if (response.status === 200) {
      this.undecoded = response.encoding === "gzip" ? response.body : null;
      if (!this.undecoded) this.entries = JSON.parse(response.body.toString()) as Entry[];
      this.hold(versionOf(response.etag) ?? `unversioned-${performance.now()}`);
    } else if (response.status !== 304) {
      throw new Error(`list refetch: ${response.status}`);
    }
    // An update that arrived meanwhile may name a newer version than the one fetched.
    const latest = this.latest;
    if (latest?.version && latest.version !== this.version) this.follow(latest);
  }

  private hold(version: string): void {
    const now = performance.now();
    this.version = version;
    if (!this.heldAt.has(version)) this.heldAt.set(version, now);
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.version === null || waiter.version === version) waiter.resolve(now);
      else this.waiters.push(waiter);
    }
  }

  /** Resolves with the time this viewer first held `version`. */
  until(version: string): Promise<number> {
    const at = this.heldAt.get(version);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  /** Resolves with the time of the next list this viewer holds (applied or refetched). */
  nextList(): Promise<number> {
    return new Promise((resolve) => this.waiters.push({ version: null, resolve }));
  }

  close(): void {
    this.socket.socket.terminate();
    this.http.close();
  }
}
