import { QUEUE_TYPES, type QueueType, type Entry } from "@common/queue";
import type { SongDetails } from "@common/song-details";
import { type DomainEvent, type EventBus, entryChangesOf } from "../../events/domain-events";
import type { QueueFileInfo } from "./queue.presenter";
import { averagePlaySeconds, buildPositionIndex, type PositionIndex, type SubmissionRow } from "./queue-rules";
import { buildLists, sortRows, type ListSnapshot } from "./queue-snapshot-lists";

export type { ListSnapshot };

export interface QueueSnapshot {
  rows: Record<QueueType, SubmissionRow[]>;
  lists: Record<QueueType, ListSnapshot>;
  readonly positions: PositionIndex;
  files: Map<string, QueueFileInfo>;
  /** The live entry of a submitter id, an entry id, or a linked account id. */
  find(ref: string): SubmissionRow | undefined;
  /** The same entry as it goes on the wire. */
  present(ref: string): Entry | undefined;
}

export interface LiveData {
  entries: SubmissionRow[];
  plays: { activated_at: string | null; played_at: string | null }[];
  files: Map<string, QueueFileInfo>;
  /** Links' song details by canonical key. */
  songs: Map<string, SongDetails>;
  /** Public profile usernames by account id. */
  profiles: Map<string, string>;
}

/** The snapshot a build follows, and the entries read again since (the rest of its data is unchanged). */
export interface SnapshotBase {
  snapshot: QueueSnapshot;
  changedIds: ReadonlySet<string>;
}

/**
 * The three lists sorted and presented. Under a burst a snapshot is built about once a frame and often
 * only announced, so what only some readers need (the bytes, the position index, the lookups by id) is
 * made on first use. Given the snapshot before and the entries read since (`base`), only those are
 * sorted and presented again.
 */
export function buildSnapshot(data: LiveData, base?: SnapshotBase): QueueSnapshot {
  const { rows, lists } = buildLists(data, base && { rows: base.snapshot.rows, lists: base.snapshot.lists, changedIds: base.changedIds });
  let positions: PositionIndex | null = null;
  let byRef: Map<string, SubmissionRow> | null = null;
  let presented: Map<string, Entry> | null = null;
  const findRow = (ref: string) => {
    if (!byRef) {
      byRef = new Map();
      for (const entry of data.entries) {
        byRef.set(entry.id, entry);
        byRef.set(entry.user_id, entry);
      }
      for (const entry of data.entries) if (entry.owner_id && !byRef.has(entry.owner_id)) byRef.set(entry.owner_id, entry);
    }
    return byRef.get(ref);
  };
  return {
    rows,
    lists,
    get positions() {
      return (positions ??= positionIndexOf(rows, data));
    },
    files: data.files,
    find: findRow,
    present: (ref) => {
      const entry = findRow(ref);
      presented ??= new Map(QUEUE_TYPES.flatMap((type) => lists[type].entries.map((queuer) => [queuer.id, queuer] as const)));
      return entry ? presented.get(entry.id) : undefined;
    },
  };
}

/** Each entry's place and the time expected ahead of it: a song's real length where known, else the average play. */
function positionIndexOf(rows: Record<QueueType, SubmissionRow[]>, data: LiveData): PositionIndex {
  const average = averagePlaySeconds(data.plays);
  // A scanned file's or a looked-up link's length; a live video's 0 is no length.
  const knownSeconds = (row: SubmissionRow) =>
    (row.file_key ? data.files.get(row.file_key)?.duration_seconds : row.canonical_key ? data.songs.get(row.canonical_key)?.duration_seconds : null) || null;
  return buildPositionIndex(rows, (entry) => knownSeconds(entry) ?? average);
}

/** Builds (and their announcements) take at most one part in this many of the server's time. */
const BUILD_SHARE_INVERSE = 10;
/** However long a build takes, viewers hear of a burst's changes at least this often. */
const MAX_BUILD_GAP_MS = 50;

/**
 * The live queue, rebuilt at most once per version. Any queue event on the bus (from this instance or,
 * through Redis, another one) starts a new version, so no instance serves a list older than the last
 * announced change. A build that overlaps a change is handed to its waiting callers but not kept.
 *
 * Builds run one after another and at most one waits: every caller that asks while a build runs shares
 * the next one, which reads when it starts, so a burst of changes costs one build per `minBuildGapMs`
 * (about a frame) however many requests ask. Each build is handed to `onBuilt` listeners in build order.
 * On a long queue under a burst, a build and its announcement may take milliseconds: the next one then
 * waits up to `BUILD_SHARE_INVERSE` times as long (at most `MAX_BUILD_GAP_MS`), so they take about a
 * tenth of the time at most.
 *
 * With `loadChanged`, a version that follows changes to known entries re-reads only those entries and
 * keeps the rest of the previous data (a burst of submissions then costs one small read each, not a read
 * of the whole queue); a cleared list, a scan result or an invalidation without ids reads everything.
 */
export function createQueueSnapshots(deps: {
  events: EventBus;
  load: () => Promise<LiveData>;
  /**
   * `previous` with the entries `ids` read again: the other entries stay the same row objects, and the
   * files, songs and profile names change only at the keys of the entries read.
   */
  loadChanged?: (ids: string[], previous: LiveData) => Promise<LiveData>;
  /** The shortest time from one build's start to the next one's (0, the default: no pacing); a build after a quiet spell starts at once. */
  minBuildGapMs?: number;
}) {
  const minGapMs = deps.minBuildGapMs ?? 0;
  /** The time the last build and its listeners took, in the same thread as every request. */
  let lastBuildMs = 0;
  const gapMs = () => (minGapMs === 0 ? 0 : Math.max(minGapMs, Math.min(MAX_BUILD_GAP_MS, lastBuildMs * BUILD_SHARE_INVERSE)));
  const listeners: ((snapshot: QueueSnapshot, version: number) => void)[] = [];
  const changeListeners: ((event: DomainEvent, version: number) => void)[] = [];
  let version = 0;
  let cached: { version: number; snapshot: QueueSnapshot } | null = null;
  let building: { version: number; promise: Promise<QueueSnapshot> } | null = null;
  /** The build that waits for the running one (and the gap) before it reads. */
  let next: Promise<QueueSnapshot> | null = null;
  let lastStartAt = Number.NEGATIVE_INFINITY;
  let previous: LiveData | null = null;
  /** The last snapshot built and the data it was built from: the next read of changes starts from that data. */
  let lastBuilt: { data: LiveData; snapshot: QueueSnapshot } | null = null;
  let changedIds = new Set<string>();
  let readEverything = true;
  /** Positions read ahead of the next build, for the version they were read at. */
  let positionsAhead: { version: number; promise: Promise<PositionIndex> } | null = null;

  /** A new version; `ids` names the entries that changed, none means anything may have. */
  const invalidate = (ids?: Iterable<string>) => {
    version += 1;
    cached = null;
    if (ids === undefined) readEverything = true;
    else for (const id of ids) changedIds.add(id);
  };
  // The one place a change (from this instance or another) drops the snapshot.
  deps.events.subscribe((event) => {
    const changes = entryChangesOf(event);
    if (changes.length > 0) invalidate(changes.map((change) => change.payload.entry.id));
    else if (event.name === "queue.cleared" || event.name === "file.scanned" || event.name === "song_details.found") invalidate();
    else return;
    for (const listener of changeListeners) listener(event, version);
  });

  /** The data, and what a build may take from the last one: nothing after a read of everything. */
  async function read(): Promise<{ data: LiveData; base: SnapshotBase | undefined }> {
    const ids = [...changedIds];
    const everything = readEverything || !previous || !deps.loadChanged;
    const readFrom = previous;
    changedIds = new Set();
    readEverything = false;
    try {
      const data = everything ? await deps.load() : await deps.loadChanged!(ids, previous!);
      previous = data;
      const base = !everything && lastBuilt?.data === readFrom ? { snapshot: lastBuilt.snapshot, changedIds: new Set(ids) } : undefined;
      return { data, base };
    } catch (error) {
      readEverything = true;
      throw error;
    }
  }

  function startBuild(): Promise<QueueSnapshot> {
    lastStartAt = performance.now();
    const started = version;
    const promise = read().then(({ data, base }) => {
      const buildStartedAt = performance.now();
      const snapshot = buildSnapshot(data, base);
      lastBuilt = { data, snapshot };
      if (started === version) cached = { version: started, snapshot };
      for (const listener of listeners) listener(snapshot, started);
      lastBuildMs = performance.now() - buildStartedAt;
      return snapshot;
    });
    building = { version: started, promise };
    const clear = () => {
      if (building?.promise === promise) building = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  async function buildNext(): Promise<QueueSnapshot> {
    // Yields first, so the caller records this promise as `next` before it can run to the line that
    // clears `next`: run through at once (no build running, the gap just over), it would clear it
    // before the caller set it, and `next` would hand out this build after every later change.
    await null;
    while (building) await building.promise.catch(() => undefined);
    const gap = lastStartAt + gapMs() - performance.now();
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    next = null;
    return startBuild();
  }

  async function current(): Promise<QueueSnapshot> {
    if (cached?.version === version) return cached.snapshot;
    if (building?.version === version) return building.promise;
    if (next) return next;
    if (!building && performance.now() - lastStartAt >= gapMs()) return startBuild();
    next = buildNext();
    return next;
  }

  /**
   * The positions of the current version, read ahead of its build: the entries changed since the last
   * build are read (again, by the build too) and sorted among its rows, nothing presented or announced.
   * Null when only a build can tell: none yet, a read of everything due, or the last read not built.
   */
  function readPositionsAhead(): Promise<PositionIndex> | null {
    if (!deps.loadChanged || readEverything || !lastBuilt || previous !== lastBuilt.data) return null;
    if (positionsAhead?.version === version) return positionsAhead.promise;
    const ids = [...changedIds];
    const base = lastBuilt.snapshot;
    const promise = deps.loadChanged(ids, lastBuilt.data).then((data) => positionIndexOf(sortRows(data, { rows: base.rows, changedIds: new Set(ids) }), data));
    positionsAhead = { version, promise };
    promise.catch(() => {
      if (positionsAhead?.promise === promise) positionsAhead = null;
    });
    return promise;
  }

  return {
    invalidate,
    current,

    /**
     * Places and waits at the current version without waiting for its paced build (a chat request's
     * answer says the new entry's place): from the build when it is there or already reading, else read
     * ahead of it.
     */
    async positions(): Promise<PositionIndex> {
      for (;;) {
        if (cached?.version === version) return cached.snapshot.positions;
        if (building?.version === version) return (await building.promise).positions;
        if (!building) {
          const heldBack = next !== null || performance.now() - lastStartAt < gapMs();
          return await ((heldBack && readPositionsAhead()) || current().then((snapshot) => snapshot.positions));
        }
        // A build of an older version is reading: what it read is not in the last build yet.
        await building.promise.catch(() => undefined);
      }
    },

    /** The current version when it is already built, without waiting; null while a change is on its way into one. */
    currentIfBuilt(): QueueSnapshot | null {
      return cached?.version === version ? cached.snapshot : null;
    },

    /** Called after each change that started a new version (numbered, counting up), once the old one is dropped. */
    onChange(listener: (event: DomainEvent, version: number) => void): void {
      changeListeners.push(listener);
    },

    /**
     * Called with every snapshot built, in build order, and the version it read: it holds the changes
     * up to that one, not those that arrived while it was read.
     */
    onBuilt(listener: (snapshot: QueueSnapshot, version: number) => void): void {
      listeners.push(listener);
    },
  };
}

export type QueueSnapshots = ReturnType<typeof createQueueSnapshots>;
