import type { AccountExport } from "@common/account-data";
import type { createAccountDataRepository } from "./account-data.repository";
import type { Account } from "./users.repository";

type Repository = ReturnType<typeof createAccountDataRepository>;
type Rows<K extends keyof Repository> = Awaited<ReturnType<Repository[K]>>;

export interface AccountDataRows {
  submissions: Rows<"submissions">;
  votes: Rows<"votes">;
  ledger: Rows<"fastPassLedger">;
  watchedMinutes: number;
  subscriptions: Rows<"emailSubscriptions">;
  draft: Rows<"draft">;
}

/** The member's export: every field is named here, so nothing internal (hashes, secrets, admin ids) slips out. */
export function presentAccountExport(account: Account, rows: AccountDataRows, exportedAt: string): AccountExport {
  return {
    exported_at: exportedAt,
    profile: {
      user_id: account.id,
      username: account.username,
      email: account.email,
      email_verified: account.email_verified,
      display_name: account.display_name,
      avatar_url: account.avatar_url,
      bio: account.bio,
      location: account.location,
      website_url: account.website_url,
      default_artist_name: account.default_artist_name,
      default_youtube_username: account.default_youtube_username,
      preferences: account.preferences,
      has_password: account.password_hash !== null,
      google_connected: account.google_sub !== null,
      youtube_channel_id: account.youtube_channel_id,
      youtube_channel_title: account.youtube_channel_title,
      created_at: account.created_at,
      updated_at: account.updated_at,
      last_active: account.last_active,
    },
    submissions: rows.submissions.map((row) => ({ ...row, priority_level: Number(row.priority_level) })),
    votes: rows.votes,
    fast_pass: {
      watched_minutes: rows.watchedMinutes,
      ledger: rows.ledger.map((row) => ({ ...row, priority_level: Number(row.priority_level), count: Number(row.count) })),
    },
    email_subscriptions: rows.subscriptions.map((row) => ({
      ...row,
      queue_notifications: Number(row.queue_notifications) === 1,
      general_updates: Number(row.general_updates) === 1,
      up_next: Number(row.up_next) === 1,
    })),
    draft: rows.draft ?? null,
  };
}
