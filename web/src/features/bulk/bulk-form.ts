import { BULK_MESSAGES, type BulkOperationRequest, type BulkTargetQueue } from "@common/bulk";
import { submitterName, type Entry } from "@common/queue";

export interface BulkFormValues {
  operation: string | null;
  /** Submitters' user ids, as GET queuer and GET active-queuer list them. */
  userIds: string[];
  targetQueue: BulkTargetQueue;
  reason: string;
}

/** The spec's check before anything is sent: an operation and at least one user. */
export function bulkFormError(values: Pick<BulkFormValues, "operation" | "userIds">): string | null {
  return !values.operation || values.userIds.length === 0 ? BULK_MESSAGES.selectOperationAndUsers : null;
}

/** The request body; the reason is trimmed and left out when blank. */
export function toBulkRequest(values: BulkFormValues): BulkOperationRequest {
  const reason = values.reason.trim();
  return { operation: values.operation, user_ids: values.userIds, target_queue: values.targetQueue, ...(reason ? { reason } : {}) };
}

/** What the page calls a user: their track, artist and channel name. */
export const userLabel = (entry: Pick<Entry, "track_title" | "artist_name" | "youtube_username">) => `${entry.track_title} by ${entry.artist_name} (${submitterName(entry)})`;

/** Whether an entry matches the search box: channel, username, artist or track, ignoring case. */
export function matchesSearch(entry: Entry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [entry.youtube_username, entry.username, entry.artist_name, entry.track_title].some((text) => text.toLowerCase().includes(needle));
}
