import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { QUEUE_TYPES, type QueueType, type Queuer } from "@common/queue";
import { type EventBus, isEntryChange } from "../../events/domain-events";
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
  const lists = Object.fromEntries(
    QUEUE_TYPES.map((type) => [type, serializeList(rows[type].map((row) => presentQueuer(row, extrasOf(row))))]),
  ) as Record<QueueType, ListSnapshot>;
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

function serializeList(entries: Queuer[]): ListSnapshot {
  const body = JSON.stringify(entries);
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
 * The live queue, rebuilt at most once per version. Any queue event on the bus (from this instance
 * or, through Redis, another one) starts a new version, so no instance serves a list older than the
 * last announced change. A build that overlaps a change is handed to its waiting callers but not kept.
 */
export function createQueueSnapshots(deps: { events: EventBus; load: () => Promise<LiveData> }) {
  let version = 0;
  let cached: { version: number; snapshot: QueueSnapshot } | null = null;
  let building: { version: number; promise: Promise<QueueSnapshot> } | null = null;

  const invalidate = () => {
    version += 1;
    cached = null;
  };
  deps.events.subscribe((event) => {
    if (isEntryChange(event) || event.name === "queue.bulk_changed" || event.name === "queue.cleared" || event.name === "file.scanned") invalidate();
  });

  return {
    invalidate,

    async current(): Promise<QueueSnapshot> {
      if (cached?.version === version) return cached.snapshot;
      if (building?.version === version) return building.promise;
      const started = version;
      const promise = deps.load().then((data) => {
        const snapshot = buildSnapshot(data);
        if (started === version) cached = { version: started, snapshot };
        return snapshot;
      });
      building = { version: started, promise };
      const clear = () => {
        if (building?.promise === promise) building = null;
      };
      promise.then(clear, clear);
      return promise;
    },
  };
}

export type QueueSnapshots = ReturnType<typeof createQueueSnapshots>;
