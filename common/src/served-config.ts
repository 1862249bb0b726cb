/**
 * The `<meta name=… content=…>` tags the server writes into index.html when it serves the built app,
 * so the app talks to that server wherever it runs (any port, behind a proxy). A base is absolute
 * when PUBLIC_URL is set, else relative to the page ("/api/v1/", "/").
 */
export const SERVED_CONFIG_META = {
  /** The API base, ending in /api/v1/. */
  apiBase: "livequeue:api-base",
  /** Where /ws/public and /ws/admin live, as an http(s) address; the app switches it to ws(s). */
  wsBase: "livequeue:ws-base",
  /**
   * The queue's status (`open`, `busy`, `closed`) when the page was sent, in the pages prerendered in
   * one version per status: the app's first render shows what that HTML shows, before the overview answers.
   */
  queueStatus: "livequeue:queue-status",
} as const;
