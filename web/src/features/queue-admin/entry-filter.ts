import type { PriorityLevel } from "@common/limits";
import type { Queuer } from "@common/queue";

/** "any" is every tier above Regular. */
export type PriorityFilter = "all" | "any" | `${PriorityLevel}`;
/** "link" is an entry without an uploaded file. */
export type ScanFilter = "all" | "link" | "pending" | "clean" | "error";
export type HoldFilter = "all" | "held" | "not_held";

export interface EntryFilter {
  search: string;
  priority: PriorityFilter;
  scan: ScanFilter;
  hold: HoldFilter;
}

export const NO_FILTER: EntryFilter = { search: "", priority: "all", scan: "all", hold: "all" };

export const isFiltering = (filter: EntryFilter) => filter.search.trim() !== "" || filter.priority !== "all" || filter.scan !== "all" || filter.hold !== "all";

function scanOf(entry: Queuer): Exclude<ScanFilter, "all"> {
  if (!entry.file_key) return "link";
  return entry.file_status ?? "pending";
}

/** Whether an entry shows under the filter: the search looks in artist, title and username, without regard to case. */
export function matchesFilter(entry: Queuer, filter: EntryFilter): boolean {
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const haystack = `${entry.artist_name} ${entry.track_title} ${entry.username} ${entry.youtube_username}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return false;
  }
  if (filter.priority === "any" && entry.priority_level === 0) return false;
  if (filter.priority !== "all" && filter.priority !== "any" && String(entry.priority_level) !== filter.priority) return false;
  if (filter.scan !== "all" && scanOf(entry) !== filter.scan) return false;
  if (filter.hold === "held" && !entry.on_hold) return false;
  if (filter.hold === "not_held" && entry.on_hold) return false;
  return true;
}

/** One page of a list: `page` counts from 1 and is kept within the pages there are. */
export function pageOf<T>(items: T[], page: number, size: number): { items: T[]; page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  const offset = (current - 1) * size;
  return { items: items.slice(offset, offset + size), page: current, pages, offset };
}
