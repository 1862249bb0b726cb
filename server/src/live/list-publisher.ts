import { changeSize, diffList } from "@common/list-delta";
import type { QueueUpdateMessage } from "@common/live";
import { QUEUE_TYPES, type QueueType, type Entry } from "@common/queue";

/** A list as served: its entries and the ETag every instance derives from the same bytes. */
export interface PublishedList<T extends Entry = Entry> {
  entries: T[];
  etag: string;
}

export interface ListPublisherDeps {
  publish(message: QueueUpdateMessage): void;
  /** Whether anyone here listens; with no one, a version costs nothing (and the next message says "refetch"). */
  hasAudience?: () => boolean;
}

/** Past this many named entries a change is not worth sending: the client refetches with its ETag. */
const MIN_CHANGES_WORTH_A_REFETCH = 20;

export const versionOf = (etag: string) => etag.replace(/^W\//, "").replace(/^"|"$/g, "");

/**
 * Announces each version of the lists its source builds, with what changed since the version this
 * instance announced before. It reads nothing: the versions come to it, in build order. Every instance
 * keeps its own last version per list; since a version is derived from the list's bytes, a client that
 * fetched from one instance can apply what another one sends.
 */
export function createListPublisher<T extends Entry = Entry>(deps: ListPublisherDeps) {
  const announced = new Map<QueueType, PublishedList<T>>();
  const audience = () => !deps.hasAudience || deps.hasAudience();

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
  function announce(type: QueueType, list: PublishedList<T>, always: boolean): void {
    const before = announced.get(type);
    if (!always && before?.etag === list.etag) return;
    announced.set(type, list);
    // The first version known here, built for a request rather than for a change: nothing to tell, but the next change starts from it.
    if (!before && !always) return;
    deps.publish(messageFor(type, list, before));
  }

  return {
    /**
     * A version of the lists as the source built it, perhaps for a refetch: each new one goes out at
     * once, so any version a client can hold is the base of the next message and its change applies.
     * A list a change named gets its message even when its bytes stayed the same, as the spec's clients
     * expect one per change.
     */
    built(lists: Record<QueueType, PublishedList<T>>, changed: readonly QueueType[] = []): void {
      if (!audience()) return announced.clear();
      for (const type of QUEUE_TYPES) announce(type, lists[type], changed.includes(type));
    },

    /** Nobody listens for a while: the next version starts afresh (its first message says "refetch"). */
    forget(): void {
      announced.clear();
    },

    /**
     * Changes whose lists could not be built: the viewers still hear of them and refetch; the size is
     * the one the change reported, or the last one announced.
     */
    failed(changed: readonly QueueType[], counts: Partial<Record<QueueType, number>>): void {
      if (!audience()) return announced.clear();
      for (const type of changed) {
        const known = counts[type] ?? announced.get(type)?.entries.length ?? 0;
        announced.delete(type);
        deps.publish({ queue_type: type, total_count: known });
      }
    },
  };
}

export type ListPublisher = ReturnType<typeof createListPublisher>;
