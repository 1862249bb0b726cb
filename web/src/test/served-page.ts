/**
 * Makes the test's document a page the server sent prerendered for a queue status (its meta tag, as
 * scripts/prerender-pages.mjs writes it); returns how to take the tag away again.
 */
export function servedWithQueueStatus(status: string): () => void {
  const meta = Object.assign(document.createElement("meta"), { name: "livequeue:queue-status", content: status });
  document.head.append(meta);
  return () => meta.remove();
}
