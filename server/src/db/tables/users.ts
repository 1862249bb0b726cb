/** Member accounts. Usernames and e-mails are unique without regard to case (indexes on lower()). */
export interface UsersTable {
  id: string;
  /** Lowercase a-z, 0-9 and _. */
  username: string;
  /** Lowercased; null for a Google account whose e-mail Google has not verified. */
  email: string | null;
  /** 1 once Google vouched for the address; registrations start at 0 (no mail confirmation exists). */
  email_verified: number;
  /** Null for accounts made with Google only. */
  password_hash: string | null;
  google_sub: string | null;
  /** The Twitch user id of a member who signed in with Twitch. */
  twitch_sub: string | null;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  website_url: string | null;
  default_artist_name: string | null;
  default_youtube_username: string | null;
  /** JSON of UserPreferences. */
  preferences: string;
  /** Mirror of preferences.public_profile, kept by the repository so lists can filter in SQL. */
  is_public: number;
  youtube_channel_id: string | null;
  youtube_channel_title: string | null;
  created_at: string;
  updated_at: string;
  /** Last sign-in or token renewal; queue activity is read from the activity table and the later one wins. */
  last_active: string;
}

export interface UserTables {
  users: UsersTable;
}
