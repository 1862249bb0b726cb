import { NEW_USER_DAYS, type AdminListUser, type MeUser, type PublicUser, type UserStats } from "@common/users";
import type { Account } from "./users.repository";
import type { SubmissionCounts } from "./user-stats.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stats as the spec defines them: play rate = played / submissions; new = under 7 days and nothing submitted. */
export function presentStats(account: Pick<Account, "created_at">, counts: SubmissionCounts, now: Date): UserStats {
  const ageMs = now.getTime() - Date.parse(account.created_at);
  return {
    total_submissions: counts.total_submissions,
    total_played: counts.total_played,
    submission_rate: counts.total_submissions === 0 ? 0 : counts.total_played / counts.total_submissions,
    last_submission_at: counts.last_submission_at,
    is_new_user: counts.total_submissions === 0 && ageMs < NEW_USER_DAYS * DAY_MS,
  };
}

/** What anyone may see: no e-mail, no password, no preferences or defaults. */
export function presentPublicUser(account: Account, counts: SubmissionCounts, now: Date): PublicUser {
  return {
    user_id: account.id,
    username: account.username,
    display_name: account.display_name,
    avatar_url: account.avatar_url,
    bio: account.bio,
    location: account.location,
    website_url: account.website_url,
    created_at: account.created_at,
    last_active: account.last_active,
    ...presentStats(account, counts, now),
  };
}

/** The owner's own view. */
export function presentMe(account: Account, counts: SubmissionCounts, now: Date): MeUser {
  return {
    ...presentPublicUser(account, counts, now),
    email: account.email,
    default_artist_name: account.default_artist_name,
    default_youtube_username: account.default_youtube_username,
    preferences: { ...account.preferences },
    youtube_channel_id: account.youtube_channel_id,
    youtube_channel_title: account.youtube_channel_title,
    has_password: account.password_hash !== null,
    google_connected: account.google_sub !== null,
  };
}

/** The admin's list view (Fast Pass manager): adds the e-mail and whether the profile is public. */
export function presentAdminListUser(account: Account & { is_public: boolean }, counts: SubmissionCounts, now: Date): AdminListUser {
  return { ...presentPublicUser(account, counts, now), email: account.email, is_public: account.is_public };
}
