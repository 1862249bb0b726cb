/** One admin action (or one the server took on its own authority), kept for co-moderators to read. */
export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_kind: "admin" | "system";
  /** The admin's id; null for the server's own jobs. */
  actor_id: string | null;
  /** The admin's username, or the job's name, as it was then. */
  actor_name: string;
  action: string;
  entry_id: string | null;
  submitter_id: string | null;
  /** "Track by Artist" at the time, so the record still reads after the entry changed. */
  entry_label: string | null;
  reason: string | null;
  /** JSON object of what changed. */
  details: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
