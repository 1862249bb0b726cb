import { changeSize, diffList } from "@common/list-delta";
import type { QueueUpdateMessage } from "@common/live";
import { QUEUE_TYPES, type QueueType, type Entry } from "@common/queue";

/** A list as served: its entries and the ETag every instance derives from the same bytes. */
export interface PublishedList<T extends Entry = Entry> {
  entries: T[];
  etag: string;
}

export interface ListPublisherDeps<T extends Entry> {
  readList(type: QueueType): Promise<PublishedList<T>>;
  publish(message: QueueUpdateMessage): void;
  /** Whether anyone here listens; with no one, a change costs no read (and the next message says "refetch"). */
  hasAudience?: () => boolean;
  log: { warn(object: object, message: string): void };
  /** The shortest time between two flushes (about one frame): changes within it go out together; flushes never overlap either. */
  coalesceMs?: number;
}

/** Past this many named entries a change is not worth sending: the client refetches with its ETag. */
const MIN_CHANGES_WORTH_A_REFETCH = 20;

export const versionOf = (etag: string) => etag.replace(/^W\//, "").replace(/^"|"$/g, "");

/**
 * Announces changed lists with their new version and what changed since the version this instance
 * announced before. Every instance keeps its own last version per list; since a version is derived
 * from the list's bytes, a client that fetched from one instance can apply what another one sends.
 */
export function createListPublisher<T extends Entry = Entry>(deps: ListPublisherDeps<T>) {
  const coalesceMs = deps.coalesceMs ?? 16;
  const announced = new Map<QueueType, PublishedList<T>>();
  const dirty = new Set<QueueType>();
  /** Lists named by a change that no message has followed yet. */
  const owed = new Set<QueueType>();
  /** The sizes the change events reported, for a message when the list itself cannot be read. */
  const reportedCounts = new Map<QueueType, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** A read of the lists in progress; a flush waits for it so its change starts from what was read. */
  let priming: Promise<void> = Promise.resolve();

  function messageFor(type: QueueType, list: PublishedList<T>, before: PublishedList<T> | undefined): QueueUpdateMessage {
    const message: QueueUpdateMessage = {
      queue_type: type,
      total_count: list.entries.length,
      version: versionOf(list.etag),
      base_version: before ? versionOf(before.etag) : null,
    };
    if (!before) return message;
    const changes = diffList(before.entries, list.entries);
    const limit = Math.max(MIN_CHANGES_WORTH_A_REFETCH, list.entries.length / 2);
    return changeSize(changes) <= limit ? { ...message, changes } : message;
  }

  /** Sends `list` as the next version of its list unless it is the one announced last (or `always`). */
  function announce(type: QueueType, list: PublishedList<T>, always = false): void {
    const before = announced.get(type);
    if (!always && before?.etag === list.etag) return;
    announced.set(type, list);
    // The first version known here, read for a request rather than for a change: nothing to tell, but the next change starts from it.
    if (!before && !always) return;
    owed.delete(type);
    reportedCounts.delete(type);
    deps.publish(messageFor(type, list, before));
  }

  async function flush(): Promise<void> {
    await priming;
    const types = QUEUE_TYPES.filter((type) => dirty.has(type));
    dirty.clear();
    if (deps.hasAudience && !deps.hasAudience()) {
      for (const type of types) {
        announced.delete(type);
        owed.delete(type);
      }
      return;
    }
    for (const type of types) {
      try {
        // A change that left the list's bytes as they were still gets its message, as the spec's clients expect one per change.
        announce(type, await deps.readList(type), owed.has(type));
      } catch (err) {
        // Without a readable list the viewers still hear of the change and refetch; the size is the
        // one the change reported, or the last one announced.
        const known = reportedCounts.get(type) ?? announced.get(type)?.entries.length ?? 0;
        announced.delete(type);
        owed.delete(type);
        reportedCounts.delete(type);
        deps.log.warn({ err, queue_type: type }, "could not read a changed list");
        deps.publish({ queue_type: type, total_count: known });
      }
    }
  }

  /**
   * One flush at a time: changes that arrive while one runs wait for it and go out together in the
   * next, so a quiet queue pays no delay and a busy one sends one message per list per flush.
   */
  let scheduled = false;
  let running = false;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  function schedule(): void {
    if (scheduled || running || dirty.size === 0) return;
    scheduled = true;
    // A change after a quiet spell goes out at once; one within a frame of the last flush waits for the frame's end.
    timer = setTimeout(() => void run(), Math.max(0, lastFlushAt + coalesceMs - performance.now()));
  }
  async function run(): Promise<void> {
    scheduled = false;
    timer = null;
    running = true;
    lastFlushAt = performance.now();
    try {
      await flush();
    } finally {
      running = false;
      schedule();
    }
  }

  return {
    /** Lists that changed; one message per list goes out after the burst. */
    changed(types: Iterable<QueueType>, counts?: Partial<Record<QueueType, number>>): void {
      for (const type of types) {
        dirty.add(type);
        owed.add(type);
        const count = counts?.[type];
        if (count !== undefined) reportedCounts.set(type, count);
      }
      schedule();
    },

    /**
     * A version of the lists as the source built it, perhaps for a refetch: each new one goes out at
     * once, so any version a client can hold is the base of the next message and its change applies.
     */
    seen(lists: Record<QueueType, PublishedList<T>>): void {
      if (deps.hasAudience && !deps.hasAudience()) return;
      try {
        for (const type of QUEUE_TYPES) announce(type, lists[type]);
      } catch (err) {
        deps.log.warn({ err }, "could not announce a new version of the lists");
      }
    },

    /** Reads the lists once, so the first change already travels as a delta. */
    prime(): Promise<void> {
      if (deps.hasAudience && !deps.hasAudience()) return Promise.resolve();
      priming = priming.then(async () => {
        for (const type of QUEUE_TYPES) {
          try {
            const list = await deps.readList(type);
            // A change announced meanwhile is newer than what was read here.
            if (!announced.has(type)) announced.set(type, list);
          } catch (err) {
            deps.log.warn({ err, queue_type: type }, "could not read a list");
          }
        }
      });
      return priming;
    },

    /** Resolves once every change announced so far has gone out. */
    async settled(): Promise<void> {
      await priming;
      while (scheduled || running || dirty.size > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    },

    close(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      scheduled = false;
      dirty.clear();
    },
  };
}

export type ListPublisher = ReturnType<typeof createListPublisher>;
/** What the changes drive: each audience's publisher is told of its own source's builds apart. */
export type ListAnnouncer = Omit<ListPublisher, "seen">;

/** Several audiences' publishers driven as one. */
export function combineListPublishers(...publishers: ListAnnouncer[]): ListAnnouncer {
  return {
    changed: (types, counts) => {
      const list = [...types];
      for (const publisher of publishers) publisher.changed(list, counts);
    },
    prime: async () => void (await Promise.all(publishers.map((publisher) => publisher.prime()))),
    settled: async () => void (await Promise.all(publishers.map((publisher) => publisher.settled()))),
    close: () => publishers.forEach((publisher) => publisher.close()),
  };
}
