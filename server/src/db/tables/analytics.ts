/**
 * The host's analytics sessions. `is_live` is 1 from Start to End (a partial unique index allows one
 * such row); `opened_at` and `ended_at` are the server's times of those clicks and decide which plays
 * count, while `started_at` is the start the host gave (it may be earlier, for the duration).
 */
export interface AnalyticsSessionsTable {
  id: string;
  name: string;
  started_at: string;
  opened_at: string;
  ended_at: string | null;
  saved_at: string | null;
  is_live: number;
}

/** One song counted in a session, copied at play time so the session keeps it whatever happens to the queue. */
export interface AnalyticsSessionPlaysTable {
  submission_id: string;
  session_id: string;
  artist_name: string;
  track_title: string;
  username: string;
  priority_level: number;
  submitted_at: string;
  played_at: string;
  wait_seconds: number;
  /** 1 when the viewers voted it off before it ended. */
  skipped: number;
}

export interface AnalyticsTables {
  analytics_sessions: AnalyticsSessionsTable;
  analytics_session_plays: AnalyticsSessionPlaysTable;
}
