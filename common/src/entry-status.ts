/**
 * The statuses of an entry and the words people read for them, written once for the server, the pages
 * and the bulk operations. No zod here: the first page load imports these without the schemas.
 */

/** The live statuses: the three lists an entry is in while the show runs (the wire's `queue_type`). */
export const QUEUE_TYPES = ["waiting", "active", "on_hold"] as const;
export type QueueType = (typeof QUEUE_TYPES)[number];

/** Every status an entry can have; played and removed entries have left the lists. */
export const ENTRY_STATUSES = [...QUEUE_TYPES, "played", "removed"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const isLiveStatus = (status: string | null | undefined): status is QueueType => (QUEUE_TYPES as readonly (string | null | undefined)[]).includes(status);

/** The title of each list on the queue pages, the back-office, the scheduler and the audit log. */
export const LIST_LABELS: Record<QueueType, string> = { waiting: "Waiting", active: "Now Playing", on_hold: "On Hold" };

/** Where an entry is, as the audit log names it: a list, or played, or removed. */
export const PLACE_LABELS: Record<EntryStatus, string> = { ...LIST_LABELS, played: "Played", removed: "Removed" };

/** How an entry's status reads in a member's history: a waiting entry is "In Queue" there (public spec, Submission status). */
export const STATUS_LABELS: Record<EntryStatus, string> = { ...PLACE_LABELS, waiting: "In Queue" };
