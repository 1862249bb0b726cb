import type { PlayerCommandName, PlayerState } from "@common/player";
import type { FileScanStatus, QueueType, EntryStatus } from "@common/queue";
import type { SettingName } from "@common/settings";

/** The public facts of a queue entry that consumers of queue events need; crosses instances as JSON. */
export interface EntrySummary {
  id: string;
  user_id: string;
  owner_id: string | null;
  username: string;
  artist_name: string;
  track_title: string;
  status: EntryStatus;
  priority_level: number;
  file_key: string | null;
}

/** How many entries each live list holds once the change is committed. */
export type ListCounts = Record<QueueType, number>;

export type HoldReason = "admin" | "inactivity" | "approval";

/**
 * A change to one entry: where it was (null for a new entry) and what it is now. The list sizes after
 * it are the live lists' own (each message gives its list's), so a change costs no count of the queue.
 */
export interface EntryChange {
  entry: EntrySummary;
  from: EntryStatus | null;
}

/**
 * What happened inside LiveQueue, by name. Services emit these after their transaction commits; the
 * live adapter turns them into socket messages, caches drop what they hold, and other features
 * subscribe to the ones they care about. Payloads are plain JSON: they cross instances through Redis.
 */
export interface DomainEventMap {
  "submission.added": EntryChange & { by_admin: boolean };
  "submission.edited": EntryChange;
  /** Into Now Playing, or back from it to Waiting. */
  "submission.moved": EntryChange;
  "submission.held": EntryChange & { reason: HoldReason };
  "submission.released": EntryChange & { reason: HoldReason; released_at: string };
  "submission.prioritized": EntryChange;
  /** `skipped`: the viewers voted it off before it ended. */
  "submission.played": EntryChange & { played_at: string; skipped?: boolean };
  /** `host_limit`: its upload's scan found it longer than the host allows; `declined`: the host declined it while it awaited approval, for `reason`. */
  "submission.removed": EntryChange & { by: "owner" | "admin" | "host_limit" | "account_deleted" | "declined"; removed_at?: string; reason?: string };
  /** A signed-in member claimed the entry they submitted as a guest. */
  "submission.claimed": EntryChange & { account_id: string };
  "queue.cleared": { queue_type: QueueType; removed_count: number; counts: ListCounts };
  /** Many entries changed in one transaction (a bulk operation): one event, so one live update per list. */
  "queue.bulk_changed": BulkChange;
  "settings.changed": { name: SettingName; value: string | null; changed_at: string };
  "file.scanned": { key: string; status: FileScanStatus; duration_seconds: number | null };
  /** Links' songs whose details were just looked up (by canonical key), with their length when the platform gives it. */
  "song_details.found": { songs: { canonical_key: string; duration_seconds: number | null }[] };
  /** A member's Fast Pass balance grew (an admin grant, a token earned by watching). */
  "loyalty.changed": { user_id: string };
  /** A session started or ended, or a song was counted in it: its played list changed. */
  "session.changed": { session_id: string };
  /** A member voted or took a vote back in the live session. */
  "votes.changed": { session_id: string };
  /** Someone voted to skip the song Now Playing; `needed` is null while skip votes are off. */
  "skip_votes.changed": { submission_id: string; votes: number; needed: number | null };
  /** The chat-command secret was replaced: every instance reads it again. */
  "chat_secret.rotated": { rotated_at: string };
  /** A ban was placed or lifted: every instance reads the active bans again. */
  "bans.changed": { ban_id: string };
  /** A host's player took over playing: the newest claim wins on every instance. */
  "player.claimed": { player_id: string; claimed_at: string };
  /** The active player's page closed. */
  "player.released": { player_id: string };
  /** The active player's report (playing or paused, position, volume). */
  "player.state": { state: PlayerState };
  /** An admin page steers the active player. */
  "player.command": { command: PlayerCommandName; value?: number };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];
export type DomainEventHandler = (event: DomainEvent) => void;

/** The names whose payload is an `EntryChange`. */
export const ENTRY_CHANGE_EVENTS = [
  "submission.added",
  "submission.edited",
  "submission.moved",
  "submission.held",
  "submission.released",
  "submission.prioritized",
  "submission.played",
  "submission.removed",
  "submission.claimed",
] as const satisfies readonly DomainEventName[];

export type EntryChangeName = (typeof ENTRY_CHANGE_EVENTS)[number];
/** One entry's change as its own event would carry it. */
export type EntryChangeEvent = { [K in EntryChangeName]: { name: K; payload: DomainEventMap[K] } }[EntryChangeName];

export interface BulkChange {
  operation: string;
  reason: string | null;
  /** Each entry's change, in the order applied; every one carries the list sizes after the whole batch. */
  changes: EntryChangeEvent[];
  counts: ListCounts;
}

/** The changes of single entries an event stands for: itself, the entries of a bulk change, or none. */
export function entryChangesOf(event: DomainEvent): EntryChangeEvent[] {
  if (event.name === "queue.bulk_changed") return event.payload.changes;
  return isEntryChange(event) ? [event] : [];
}

export const isEntryChange = (event: DomainEvent): event is Extract<DomainEvent, { name: (typeof ENTRY_CHANGE_EVENTS)[number] }> =>
  (ENTRY_CHANGE_EVENTS as readonly string[]).includes(event.name);

/**
 * How domain events travel: handed to this instance's handlers synchronously (so a cache is dropped
 * before `emit` returns), and to every other instance when the bus is shared (Redis). Each instance's
 * handlers see each event once.
 */
export interface EventBus {
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
  /** Every event; returns an unsubscribe function. */
  subscribe(handler: DomainEventHandler): () => void;
  /** Events of one name; returns an unsubscribe function. */
  on<K extends DomainEventName>(name: K, handler: (payload: DomainEventMap[K]) => void): () => void;
  close(): Promise<void>;
}

export interface EventLog {
  warn(object: object, message: string): void;
}

/** The bus of one instance alone; a shared bus hands events from other instances to `deliver`. */
export function createInProcessEventBus(log?: EventLog): EventBus & { deliver(event: DomainEvent): void } {
  const handlers = new Set<DomainEventHandler>();

  function deliver(event: DomainEvent): void {
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (err) {
        // A failing subscriber must not stop the others, nor the service that emitted.
        log?.warn({ err, event: event.name }, "a domain event subscriber failed");
      }
    }
  }

  function subscribe(handler: DomainEventHandler): () => void {
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  return {
    deliver,
    async emit(name, payload) {
      deliver({ name, payload } as DomainEvent);
    },
    subscribe,
    on(name, handler) {
      return subscribe((event) => {
        if (event.name === name) handler(event.payload as DomainEventMap[typeof name]);
      });
    },
    async close() {
      handlers.clear();
    },
  };
}
