/** A side effect to run once across instances: claimed by one instance at a time, retried with backoff. */
export interface OutboxTable {
  id: string;
  topic: string;
  /** JSON of the topic's payload. */
  payload: string;
  created_at: string;
  /** Not run before this time (the backoff after a failure). */
  run_after: string;
  attempts: number;
  last_error: string | null;
  /** The instance running it, until `claimed_until`; a crashed instance's claim simply runs out. */
  claimed_by: string | null;
  claimed_until: string | null;
  done_at: string | null;
  /** Set after the last attempt failed; kept for a person to look at. */
  failed_at: string | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
}
