import type { EntryStatus } from "@common/entry-status";

export interface SettingsTable {
  name: string;
  value: string | null;
  updated_at: string;
}

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  is_active: number;
  is_super_admin: number;
  created_at: string;
  /** Raised each time the admin's logins are ended; tokens carry the version they were issued under. */
  session_version: number;
}

/** Every refresh token issued, for rotation and reuse detection (admins and users). */
export interface RefreshTokensTable {
  id: string;
  subject_id: string;
  subject_type: "admin" | "user";
  family_id: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** Anonymous submitters: the server knows them by the hash of the secret only their browser holds. */
export interface GuestsTable {
  user_id: string;
  secret_hash: string;
  created_at: string;
  last_active: string | null;
}

/**
 * Every submission ever made. Live ones have status waiting, active or on_hold (at most one per
 * user_id, enforced by a partial unique index); played and removed ones are history.
 */
export interface SubmissionsTable {
  id: string;
  user_id: string;
  owner_id: string | null;
  artist_name: string;
  track_title: string;
  youtube_username: string;
  username: string;
  link: string;
  /** The link's canonical key ("youtube:ID", "spotify:track:ID", host/path); null for uploads. */
  canonical_key: string | null;
  message: string;
  status: EntryStatus;
  /**
   * Why it is on hold: 'admin' holds are released only by an admin, 'inactivity' ones by the submitter
   * returning, 'approval' ones (the approval-first setting) by the host approving.
   */
  hold_reason: "admin" | "inactivity" | "approval" | null;
  priority_level: number;
  premium_expires: string | null;
  payment_source: string | null;
  payment_reference: string | null;
  file_key: string | null;
  submitted_at: string;
  /** When it entered Now Playing; orders that list and times the current song. */
  activated_at: string | null;
  played_at: string | null;
  removed_at: string | null;
  /** Hidden from the admin's played list after a clear; still counted in stats and history. */
  played_list_cleared: number;
  created_by_admin: number;
  /** Bumped by every change, so an edit made from an older copy can be refused. */
  version: number;
  /** The host's reason when it declined the submission while it awaited approval. */
  decline_reason: string | null;
}

export interface CoreTables {
  settings: SettingsTable;
  admins: AdminsTable;
  refresh_tokens: RefreshTokensTable;
  guests: GuestsTable;
  submissions: SubmissionsTable;
}
