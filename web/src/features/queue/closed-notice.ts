import type { QueueOverview, QueueStatus } from "@common/queue";
import { servedQueueStatus } from "../../lib/served-config";

/** What Home's Join Queue and the queue page say when no song can be sent: one wording everywhere. */
export const CLOSED_NOTICE = {
  closed: {
    title: "The queue is closed",
    text: "New songs can be sent when the stream goes live.",
  },
  busy: {
    title: "Submissions are paused",
    text: "The host has paused new submissions for a moment. If you are already in the queue, your place is safe.",
  },
} as const;

/** The closed or paused notice for a queue status; null while the queue is open. */
export function closedNoticeOf(status: QueueStatus): (typeof CLOSED_NOTICE)[keyof typeof CLOSED_NOTICE] | null {
  if (status === "open") return null;
  return status === "busy" ? CLOSED_NOTICE.busy : CLOSED_NOTICE.closed;
}

/**
 * The queue's status: the overview's, or before any has answered, the one the page was sent with (the
 * pages are prerendered with their notice for each status), so the first render keeps the notice the
 * prerendered page painted instead of removing it until the overview arrives. The overview query is
 * never dropped, so a page that has had one never goes back to the status it was sent with, old by then.
 */
export const queueStatusOf = (overview: QueueOverview | undefined): QueueStatus | null => overview?.queue_status ?? servedQueueStatus();
