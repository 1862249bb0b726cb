import type { LedgerSource } from "@common/loyalty";

/** One grant (count > 0) or spend (count -1) of Fast Pass tokens of one tier. */
export interface FastPassLedgerTable {
  id: string;
  user_id: string;
  source: LedgerSource;
  /** The tier, 1-3. */
  priority_level: number;
  count: number;
  /** The admin who granted (admin_grant). */
  admin_id: string | null;
  /** The entry the token was spent on (spend). */
  submission_id: string | null;
  created_at: string;
}

/** A member's watch time, and the row a spend locks. */
export interface LoyaltyMembersTable {
  user_id: string;
  /** Whole minutes of `watched_seconds`. */
  watched_minutes: number;
  /** Real time credited by accepted watch pings: the seconds since the previous one, at most 60 each. */
  watched_seconds: number;
  /** The last counted watch ping. */
  last_ping_at: string | null;
  /** Bumped by each spend: the update takes the member's row lock for the spend's transaction. */
  spend_count: number;
}

export interface LoyaltyTables {
  fastpass_ledger: FastPassLedgerTable;
  loyalty_members: LoyaltyMembersTable;
}
