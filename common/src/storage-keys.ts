/** Browser storage keys (spec section 3 of both documents). */
export const STORAGE_KEYS = {
  adminAccessToken: "admin_access_token",
  adminRefreshToken: "admin_refresh_token",
  userAccessToken: "user_access_token",
  userRefreshToken: "user_refresh_token",
  userData: "user_data",
  userId: "user_id",
  intendedPath: "intended_path",
  anonymousSubmission: "anonymous_submission",
  lastSubmission: "last_submission",
  helpSeen: "how_it_works_seen",
  /** The kept live notices of the notification menu (the last 5 announcements and 10 personal ones). */
  notices: "live_notices",
} as const;

export const LEGACY_TOKEN_KEYS = ["access_token", "refresh_token", "accessToken", "refreshToken", "userInfo", "user"] as const;
