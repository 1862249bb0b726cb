import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./limits";
import { MESSAGES } from "./messages";

export const loginFormSchema = z.object({
  username: z.string({ error: MESSAGES.usernameOrEmailRequired }).trim().min(1, MESSAGES.usernameOrEmailRequired).max(254),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
});

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(1024);

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const adminProfileSchema = z.object({
  admin_id: z.string(),
  username: z.string(),
  is_active: z.boolean(),
  is_super_admin: z.boolean(),
  created_at: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

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
