import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./limits";
import { MESSAGES } from "./messages";

export const loginFormSchema = z.object({
  username: z.string({ error: MESSAGES.usernameOrEmailRequired }).trim().min(1, MESSAGES.usernameOrEmailRequired).max(254),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
});

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(1024);

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
}

export interface AdminProfile {
  admin_id: string;
  username: string;
  is_active: boolean;
  is_super_admin: boolean;
  created_at: string;
}

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
} as const;

export const LEGACY_TOKEN_KEYS = ["access_token", "refresh_token", "accessToken", "refreshToken", "userInfo", "user"] as const;
