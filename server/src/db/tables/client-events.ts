/** One product event sent by the web app (POST analytics/events). */
export interface ClientEventsTable {
  id: string;
  event: string;
  /** Flat JSON, at most 2 KB. */
  props: string;
  /** The signed-in member or admin who sent it; null for guests. */
  user_id: string | null;
  /** The UTC day it was received, YYYY-MM-DD, for the daily counts. */
  day: string;
  /** When the client says it happened, as sent. */
  client_ts: string | null;
  created_at: string;
}

export interface ClientEventTables {
  client_events: ClientEventsTable;
}
