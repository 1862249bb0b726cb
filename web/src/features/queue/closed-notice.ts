import type { QueueStatus } from "@common/queue";

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
