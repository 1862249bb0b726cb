import { QUEUE_TYPES, type QueueType, type EntryStatus } from "@common/queue";
import { type DomainEvent, entryChangesOf, type ListCounts } from "../../events/domain-events";
import type { AdminLists } from "./queue-admin-lists";
import type { ListSnapshot, QueueSnapshot, QueueSnapshots } from "./queue-snapshot";

/** A version of the lists as the snapshot built it, for whoever announces them. */
export interface BuiltLists {
  lists: Record<QueueType, ListSnapshot>;
  /** The lists a change named since the version before: each is owed a message even if its bytes stayed the same. */
  changed: QueueType[];
  /** The back-office lists of this same version, made on first demand. */
  adminLists(): Promise<AdminLists>;
}

/** A version that could not be built: the lists its changes named, with the sizes the changes reported. */
export interface FailedLists {
  changed: QueueType[];
  counts: Partial<ListCounts>;
}

const isQueueType = (status: EntryStatus | null): status is QueueType => status !== null && (QUEUE_TYPES as readonly string[]).includes(status);

/**
 * The live path of the lists, one way: a change drops the snapshot (in the snapshot itself), a new
 * version is built (shared with the requests that ask meanwhile, paced by the snapshot), and every
 * version built goes to the listeners with the lists changed since the one before.
 */
export function createQueueLiveLists(deps: { snapshots: QueueSnapshots; adminListsOf(snapshot: QueueSnapshot): Promise<AdminLists> }) {
  const builtListeners: ((built: BuiltLists) => void)[] = [];
  const failedListeners: ((failed: FailedLists) => void)[] = [];
  /** The lists changes named since the last version announced, each with the newest version that named it. */
  const owed = new Map<QueueType, number>();
  const reportedCounts: Partial<ListCounts> = {};
  const building = new Set<Promise<unknown>>();
  let lastRows: QueueSnapshot["rows"] | null = null;

  function listsNamedBy(event: DomainEvent): QueueType[] {
    if (event.name === "queue.cleared") return [event.payload.queue_type];
    // A scan result changes how the lists that show the file present it.
    if (event.name === "file.scanned") return QUEUE_TYPES.filter((type) => lastRows?.[type].some((row) => row.file_key === event.payload.key));
    if (event.name === "song_details.found") {
      const keys = new Set(event.payload.songs.map((song) => song.canonical_key));
      return QUEUE_TYPES.filter((type) => lastRows?.[type].some((row) => !row.file_key && row.canonical_key !== null && keys.has(row.canonical_key)));
    }
    return entryChangesOf(event).flatMap(({ payload }) => [payload.from, payload.entry.status].filter(isQueueType));
  }

  /** The lists owed by the changes a build read; a change that arrived while it read is owed by the next one. */
  function takeOwed(readVersion: number): QueueType[] {
    const changed = QUEUE_TYPES.filter((type) => (owed.get(type) ?? Infinity) <= readVersion);
    for (const type of changed) {
      owed.delete(type);
      delete reportedCounts[type];
    }
    return changed;
  }

  deps.snapshots.onBuilt((snapshot, version) => {
    lastRows = snapshot.rows;
    const built: BuiltLists = { lists: snapshot.lists, changed: takeOwed(version), adminLists: () => deps.adminListsOf(snapshot) };
    for (const listener of builtListeners) listener(built);
  });

  deps.snapshots.onChange((event, version) => {
    for (const type of listsNamedBy(event)) owed.set(type, version);
    const counts = event.name === "queue.cleared" || event.name === "queue.bulk_changed" ? event.payload.counts : undefined;
    Object.assign(reportedCounts, counts);
    if (builtListeners.length === 0) return;
    const build = deps.snapshots.current().catch(() => {
      if (owed.size === 0) return;
      const failed: FailedLists = { counts: { ...reportedCounts }, changed: takeOwed(Infinity) };
      for (const listener of failedListeners) listener(failed);
    });
    building.add(build);
    void build.finally(() => building.delete(build));
  });

  return {
    /** Every version built, in build order; a change starts a build as soon as the snapshot's pacing allows. */
    onBuilt(listener: (built: BuiltLists) => void): void {
      builtListeners.push(listener);
    },
    onFailed(listener: (failed: FailedLists) => void): void {
      failedListeners.push(listener);
    },
    /** Resolves once every change so far is in a version handed to the listeners. */
    async settled(): Promise<void> {
      while (building.size > 0) await Promise.all([...building]);
    },
  };
}

export type QueueLiveLists = ReturnType<typeof createQueueLiveLists>;
