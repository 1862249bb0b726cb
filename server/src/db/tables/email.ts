/** An address that asked for mail. Nothing but the confirmation mail is sent before confirmed_at. */
export interface EmailSubscriptionsTable {
  id: string;
  /** Lowercased. */
  email: string;
  /** The member who subscribed while signed in, if any. */
  user_id: string | null;
  queue_notifications: number;
  general_updates: number;
  /** A mail when the entry of `submitter_id` (the member's or guest's id) is next in line. */
  up_next: number;
  submitter_id: string | null;
  confirmed_at: string | null;
  /** Set by the one-click unsubscribe; a later confirmed subscribe clears it. */
  unsubscribed_at: string | null;
  /** When the last confirmation mail was queued; another goes out only a day later. */
  confirmation_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailTables {
  email_subscriptions: EmailSubscriptionsTable;
}
