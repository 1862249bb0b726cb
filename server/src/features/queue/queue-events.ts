import type { BulkChange, DomainEventMap, EntryChange, EntrySummary, EventBus } from "../../events/domain-events";
import type { QueueRepository } from "./queue.repository";
import type { SubmissionRow } from "./queue-rules";

/** The names of events about one entry whose extra fields the caller gives. */
type EntryEventName = { [K in keyof DomainEventMap]: DomainEventMap[K] extends EntryChange ? K : never }[keyof DomainEventMap];
type ExtraOf<K extends EntryEventName> = Omit<DomainEventMap[K], keyof EntryChange>;

export const summarize = (row: SubmissionRow): EntrySummary => ({
  id: row.id,
  user_id: row.user_id,
  owner_id: row.owner_id,
  username: row.username,
  artist_name: row.artist_name,
  track_title: row.track_title,
  status: row.status,
  priority_level: row.priority_level,
  file_key: row.file_key,
});

/**
 * Emits the queue's domain events once a change is committed. The live snapshot hears them on the bus
 * like any other subscriber (synchronously, before `emit` returns), so nothing here drops it.
 */
export function createQueueEvents(deps: { events: EventBus; repository: QueueRepository }) {
  return {
    /** `from` is the status before the change (null for a new entry). */
    async entryChanged<K extends EntryEventName>(name: K, after: SubmissionRow, from: SubmissionRow["status"] | null, extra: ExtraOf<K>): Promise<void> {
      await deps.events.emit(name, { entry: summarize(after), from, ...extra } as DomainEventMap[K]);
    },

    async listCleared(queueType: DomainEventMap["queue.cleared"]["queue_type"], removedCount: number): Promise<void> {
      await deps.events.emit("queue.cleared", { queue_type: queueType, removed_count: removedCount, counts: await deps.repository.countLive() });
    },

    /** Many entries changed in one transaction: one event for all of them (nothing when none changed). */
    async batchChanged(change: BulkChange): Promise<void> {
      if (change.changes.length > 0) await deps.events.emit("queue.bulk_changed", change);
    },
  };
}

export type QueueEvents = ReturnType<typeof createQueueEvents>;
