import type { ServerMessage } from "@common/live";
import { MESSAGES } from "@common/messages";
import { QUEUE_TYPES, type QueueType, type EntryStatus } from "@common/queue";
import { PRIVATE_SETTINGS } from "@common/settings";
import { type DomainEvent, type EntryChangeEvent, type EntrySummary, type EventBus, type ListCounts, isEntryChange } from "../events/domain-events";
import type { LiveFanout } from "./live-fanout";
import type { ListAnnouncer } from "./list-publisher";

export interface LiveAdapterDeps {
  events: EventBus;
  fanout: LiveFanout;
  /** Sends each changed list's update (version and change) after a burst. */
  lists: Pick<ListAnnouncer, "changed">;
  /** The live lists showing an uploaded file and their sizes, so a scan result refreshes exactly those. */
  listsShowingFile(key: string): Promise<{ lists: QueueType[]; counts: ListCounts }>;
  log: { warn(object: object, message: string): void };
}

const isQueueType = (status: EntryStatus | null): status is QueueType => status !== null && (QUEUE_TYPES as readonly string[]).includes(status);

/**
 * The one place where what happened becomes what the browser receives: domain events in, the spec's
 * `ServerMessage`s out to this instance's sockets. Every instance runs one, so socket fan-out happens
 * everywhere while the change itself happened once.
 */
export function createLiveAdapter(deps: LiveAdapterDeps): () => void {
  const toAll = (message: ServerMessage) => deps.fanout.publish({ target: { kind: "all" }, message });
  const toSubmitter = (entry: EntrySummary, message: ServerMessage) => {
    for (const userId of new Set([entry.user_id, ...(entry.owner_id ? [entry.owner_id] : [])])) {
      deps.fanout.publish({ target: { kind: "user", userId }, message });
    }
  };
  const listsChanged = (lists: Iterable<QueueType>, counts?: ListCounts) => deps.lists.changed(lists, counts);

  const listsOf = ({ payload }: EntryChangeEvent): QueueType[] => [payload.from, payload.entry.status].filter(isQueueType);

  /** What the submitter of a changed entry is told, beside the lists' updates. */
  function tellSubmitter(change: EntryChangeEvent): void {
    switch (change.name) {
      case "submission.released":
        return toSubmitter(change.payload.entry, {
          type: "released_from_hold",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          message: MESSAGES.releasedFromHold,
          released_at: change.payload.released_at,
        });
      case "submission.played": {
        const message: ServerMessage = {
          type: "submission_played",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          played_at: change.payload.played_at,
        };
        // The submitter hears their song was played; the back-office refreshes its played list and analytics.
        toSubmitter(change.payload.entry, message);
        return deps.fanout.publish({ target: { kind: "admins" }, message });
      }
      case "submission.removed":
        // Only a removal the submitter did not see coming: their upload's scan found it too long.
        if (change.payload.by !== "host_limit") return;
        return toSubmitter(change.payload.entry, {
          type: "submission_removed",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          message: MESSAGES.removedTooLong,
          removed_at: change.payload.removed_at ?? "",
        });
      case "submission.claimed":
        return deps.fanout.publish({
          target: { kind: "user", userId: change.payload.account_id },
          message: { type: "position_update", user_id: change.payload.account_id },
        });
    }
  }

  function translate(event: DomainEvent): void {
    if (isEntryChange(event)) {
      listsChanged(listsOf(event));
      return tellSubmitter(event);
    }
    switch (event.name) {
      case "queue.bulk_changed": {
        // One queue_update per list the whole batch touched, however many entries moved.
        const { changes, counts } = event.payload;
        listsChanged(changes.flatMap(listsOf), counts);
        for (const change of changes) tellSubmitter(change);
        return;
      }
      case "queue.cleared":
        return listsChanged([event.payload.queue_type], event.payload.counts);
      case "settings.changed": {
        const { name, value, changed_at } = event.payload;
        toAll({ type: "settings_update", setting_name: name, setting_value: PRIVATE_SETTINGS.includes(name) ? "" : (value ?? ""), timestamp: changed_at });
        if (name === "isQueueOn") {
          toAll({ type: "system_message", message_type: "info", message: value === "true" ? MESSAGES.queueOpen : MESSAGES.queueClosedNotice, timestamp: changed_at });
        }
        return;
      }
      case "loyalty.changed":
        // Only a nudge to refetch GET loyalty/balance: a tagged socket proves nothing, so no balance travels here.
        return deps.fanout.publish({ target: { kind: "user", userId: event.payload.user_id }, message: { type: "loyalty_update", user_id: event.payload.user_id } });
      case "session.changed":
      case "votes.changed":
        // Everyone on /queue sees the played songs and their counts; who voted never travels here.
        return toAll({ type: "votes_update", session_id: event.payload.session_id });
      case "file.scanned":
        return void refreshListsShowing(event.payload.key);
    }
  }

  async function refreshListsShowing(key: string): Promise<void> {
    try {
      const { lists, counts } = await deps.listsShowingFile(key);
      listsChanged(lists, counts);
    } catch (err) {
      deps.log.warn({ err, key }, "could not announce a scanned file");
    }
  }

  return deps.events.subscribe(translate);
}
