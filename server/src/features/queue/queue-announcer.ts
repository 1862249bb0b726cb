import type { ServerMessage } from "@common/live";
import { MESSAGES } from "@common/messages";
import { QUEUE_TYPES, type QueueType, type SubmissionStatus } from "@common/queue";
import type { EventBus } from "../../live/event-bus";
import type { QueueRepository } from "./queue.repository";
import type { SubmissionRow } from "./queue-rules";
import type { QueueSnapshots } from "./queue-snapshot";

/** Tells everyone what changed, after the change is committed: one queue_update per list that changed. */
export function createQueueAnnouncer(deps: { events: EventBus; repository: QueueRepository; snapshots: QueueSnapshots }) {
  /** A message for the submitter of an entry (and the account it is linked to). */
  async function tellSubmitter(entry: SubmissionRow, message: ServerMessage): Promise<void> {
    const userIds = new Set([entry.user_id, ...(entry.owner_id ? [entry.owner_id] : [])]);
    for (const userId of userIds) await deps.events.publish({ target: { kind: "user", userId }, message });
  }

  return {
    async listsChanged(statuses: Iterable<SubmissionStatus>): Promise<void> {
      // Dropped here as well as on the bus, so this instance never serves the old list even if the bus is remote.
      deps.snapshots.invalidate();
      const changed = new Set<QueueType>();
      for (const status of statuses) if ((QUEUE_TYPES as readonly string[]).includes(status)) changed.add(status as QueueType);
      if (changed.size === 0) return;
      const counts = await deps.repository.countLive();
      for (const queue_type of changed) {
        await deps.events.publish({ target: { kind: "all" }, message: { type: "queue_update", queue_type, total_count: counts[queue_type] } });
      }
    },

    tellSubmitter,

    /** Tells the submitter their entry is back in Waiting after a hold. */
    async tellReleased(entry: SubmissionRow, releasedAt: string): Promise<void> {
      await tellSubmitter(entry, {
        type: "released_from_hold",
        artist_name: entry.artist_name,
        track_title: entry.track_title,
        message: MESSAGES.releasedFromHold,
        released_at: releasedAt,
      });
    },
  };
}

export type QueueAnnouncer = ReturnType<typeof createQueueAnnouncer>;
