import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { QUEUE_TYPES, type QueueType, type Queuer } from "@common/queue";
import { type EventBus, entryChangesOf } from "../../events/domain-events";
import { presentQueuer, type QueueFileInfo } from "./queue.presenter";
import { averagePlaySeconds, buildPositionIndex, compareActive, compareQueued, type PositionIndex, type SubmissionRow } from "./queue-rules";

/** One list as served to thousands of viewers: serialized once, gzip-compressed on first demand. */
export interface ListSnapshot {
  entries: Queuer[];
  body: string;
  etag: string;
  gzipped(): Buffer;
}

export interface QueueSnapshot {
  rows: Record<QueueType, SubmissionRow[]>;
  lists: Record<QueueType, ListSnapshot>;
  positions: PositionIndex;
  files: Map<string, QueueFileInfo>;
  /** The live entry of a submitter id, an entry id, or a linked account id. */
  find(ref: string): SubmissionRow | undefined;
  /** The same entry as it goes on the wire. */
  present(ref: string): Queuer | undefined;
}

export interface LiveData {
  entries: SubmissionRow[];
  plays: { activated_at: string | null; played_at: string | null }[];
  files: Map<string, QueueFileInfo>;
  /** Public profile usernames by account id. */
  profiles: Map<string, string>;
}

/** The three lists sorted, serialized and indexed for position lookups. */
export function buildSnapshot(data: LiveData): QueueSnapshot {
  const rows: Record<QueueType, SubmissionRow[]> = { waiting: [], active: [], on_hold: [] };
  for (const entry of data.entries) rows[entry.status as QueueType]?.push(entry);
  rows.waiting.sort(compareQueued);
  rows.on_hold.sort(compareQueued);
  rows.active.sort(compareActive);

  const average = averagePlaySeconds(data.plays);
  const expectedSecondsOf = (entry: SubmissionRow) => (entry.file_key ? data.files.get(entry.file_key)?.duration_seconds : null) ?? average;
  const byRef = new Map<string, SubmissionRow>();
  for (const entry of data.entries) {
    byRef.set(entry.id, entry);
    byRef.set(entry.user_id, entry);
  }
  for (const entry of data.entries) if (entry.owner_id && !byRef.has(entry.owner_id)) byRef.set(entry.owner_id, entry);

  const extrasOf = (row: SubmissionRow) => ({
    file: row.file_key ? data.files.get(row.file_key) : undefined,
    profileUsername: row.owner_id ? data.profiles.get(row.owner_id) : null,
  });
  const lists = Object.fromEntries(QUEUE_TYPES.map((type) => [type, serializeList(rows[type].map((row) => presentOnce(row, extrasOf(row))))])) as Record<
    QueueType,
    ListSnapshot
  >;
  const presented = new Map(QUEUE_TYPES.flatMap((type) => lists[type].entries.map((queuer) => [queuer.id, queuer] as const)));
  return {
    rows,
    lists,
    positions: buildPositionIndex(rows, expectedSecondsOf),
    files: data.files,
    find: (ref) => byRef.get(ref),
    present: (ref) => {
      const entry = byRef.get(ref);
      return entry ? presented.get(entry.id) : undefined;
    },
  };
}

/**
 * Each row as it goes on the wire, and its JSON, kept while the row and its extras are the same
 * objects: a version that changed one entry presents and serializes that one entry.
 */
const presentations = new WeakMap<SubmissionRow, { file: QueueFileInfo | undefined; profileUsername: string | null | undefined; queuer: Queuer }>();
const jsonOf = new WeakMap<Queuer, string>();

function presentOnce(row: SubmissionRow, extras: { file: QueueFileInfo | undefined; profileUsername: string | null | undefined }): Queuer {
  const known = presentations.get(row);
  if (known && known.file === extras.file && known.profileUsername === extras.profileUsername) return known.queuer;
  const queuer = presentQueuer(row, extras);
  presentations.set(row, { ...extras, queuer });
  jsonOf.set(queuer, JSON.stringify(queuer));
  return queuer;
}

function serializeList(entries: Queuer[]): ListSnapshot {
  const body = `[${entries.map((entry) => jsonOf.get(entry) ?? JSON.stringify(entry)).join(",")}]`;
  let gzipped: Buffer | null = null;
  return {
    entries,
    body,
    // Content-derived, so an unchanged list keeps its ETag across versions and instances.
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    gzipped: () => (gzipped ??= gzipSync(body)),
  };
}

/**
 * The live queue, rebuilt at most once per version. Any queue event on the bus (from this instance or,
 * through Redis, another one) starts a new version, so no instance serves a list older than the last
 * announced change. A build that overlaps a change is handed to its waiting callers but not kept.
 *
 * With `loadChanged`, a version that follows changes to known entries re-reads only those entries and
 * keeps the rest of the previous data (a burst of submissions then costs one small read each, not a read
 * of the whole queue); a cleared list, a scan result or an invalidation without ids reads everything.
 * Builds run one after another, so each starts from the data of the one before.
 */
export function createQueueSnapshots(deps: {
  events: EventBus;
  load: () => Promise<LiveData>;
  loadChanged?: (ids: string[], previous: LiveData) => Promise<LiveData>;
}) {
  let version = 0;
  let cached: { version: number; snapshot: QueueSnapshot } | null = null;
  let building: { version: number; promise: Promise<QueueSnapshot> } | null = null;
  let previous: LiveData | null = null;
  let changedIds = new Set<string>();
  let readEverything = true;
  let running: Promise<unknown> | null = null;

  /** A new version; `ids` names the entries that changed, none means anything may have. */
  const invalidate = (ids?: Iterable<string>) => {
    version += 1;
    cached = null;
    if (ids === undefined) readEverything = true;
    else for (const id of ids) changedIds.add(id);
  };
  deps.events.subscribe((event) => {
    const changes = entryChangesOf(event);
    if (changes.length > 0) invalidate(changes.map((change) => change.payload.entry.id));
    else if (event.name === "queue.cleared" || event.name === "file.scanned") invalidate();
  });

  async function read(): Promise<LiveData> {
    const ids = [...changedIds];
    const everything = readEverything || !previous || !deps.loadChanged;
    changedIds = new Set();
    readEverything = false;
    try {
      const data = everything ? await deps.load() : await deps.loadChanged!(ids, previous!);
      previous = data;
      return data;
    } catch (error) {
      readEverything = true;
      throw error;
    }
  }

  return {
    invalidate,

    async current(): Promise<QueueSnapshot> {
      if (cached?.version === version) return cached.snapshot;
      if (building?.version === version) return building.promise;
      const started = version;
      // The read starts at once unless a build still runs; then it starts from that build's data.
      const data = running ? running.catch(() => undefined).then(read) : read();
      const promise = data.then((read) => {
        const snapshot = buildSnapshot(read);
        if (started === version) cached = { version: started, snapshot };
        return snapshot;
      });
      running = promise;
      building = { version: started, promise };
      const clear = () => {
        if (building?.promise === promise) building = null;
        if (running === promise) running = null;
      };
      promise.then(clear, clear);
      return promise;
    },
  };
}

export type QueueSnapshots = ReturnType<typeof createQueueSnapshots>;
