import type { SubmissionStatus } from "@common/queue";
import type { HistoryItem } from "@common/users";

/** How a submission's status reads everywhere a member's history is shown. */
export const STATUS_LABELS: Record<SubmissionStatus, { label: string; color: string }> = {
  waiting: { label: "In Queue", color: "violet" },
  active: { label: "Now Playing", color: "green" },
  on_hold: { label: "On Hold", color: "yellow" },
  played: { label: "Played", color: "teal" },
  removed: { label: "Removed", color: "gray" },
};

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
  status: (a, b) => collator.compare(STATUS_LABELS[a.status]?.label ?? a.status, STATUS_LABELS[b.status]?.label ?? b.status),
};

/** Recent Activity as shown: filtered, then sorted; ties keep the newest first. Never changes `items`. */
export function arrangeActivity(items: readonly HistoryItem[], sort: ActivitySort, filter: ActivityFilter): HistoryItem[] {
  const kept = filter === "played" ? items.filter((item) => item.status === "played") : [...items];
  return kept.sort((a, b) => COMPARE[sort](a, b) || time(b) - time(a));
}
