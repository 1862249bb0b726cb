import { STATUS_LABELS, type EntryStatus } from "@common/entry-status";
import type { HistoryItem } from "@common/users";

/** How a submission's status reads everywhere a member's history is shown. */
const STATUS_COLORS: Record<EntryStatus, string> = { waiting: "violet", active: "green", on_hold: "yellow", played: "teal", removed: "gray" };

/** An entry's status badge: the words of common's STATUS_LABELS, and a colour; an unknown status reads as itself. */
export const statusBadge = (status: string) => ({
  label: STATUS_LABELS[status as EntryStatus] ?? status,
  color: STATUS_COLORS[status as EntryStatus] ?? "gray",
});

/** What a member reads under a submission the host declined while it awaited approval. */
export const declinedText = (reason: string) => `Declined by the host: ${reason}`;

export const ACTIVITY_SORTS = {
  newest: "Newest",
  oldest: "Oldest",
  title: "Title A-Z",
  artist: "Artist A-Z",
  status: "Status A-Z",
} as const;
export type ActivitySort = keyof typeof ACTIVITY_SORTS;

export const ACTIVITY_FILTERS = { all: "All", played: "Played only" } as const;
export type ActivityFilter = keyof typeof ACTIVITY_FILTERS;

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
const time = (item: HistoryItem) => Date.parse(item.submitted_at) || 0;

const COMPARE: Record<ActivitySort, (a: HistoryItem, b: HistoryItem) => number> = {
  newest: (a, b) => time(b) - time(a),
  oldest: (a, b) => time(a) - time(b),
  title: (a, b) => collator.compare(a.track_title, b.track_title),
  artist: (a, b) => collator.compare(a.artist_name, b.artist_name),
  status: (a, b) => collator.compare(statusBadge(a.status).label, statusBadge(b.status).label),
};

/** Recent Activity as shown: filtered, then sorted; ties keep the newest first. Never changes `items`. */
export function arrangeActivity(items: readonly HistoryItem[], sort: ActivitySort, filter: ActivityFilter): HistoryItem[] {
  const kept = filter === "played" ? items.filter((item) => item.status === "played") : [...items];
  return kept.sort((a, b) => COMPARE[sort](a, b) || time(b) - time(a));
}
