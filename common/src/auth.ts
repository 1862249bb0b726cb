import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { textField } from "./text";

/** Longest username or e-mail address the sign-in forms take (an e-mail's own limit). */
const LOGIN_NAME_MAX_LENGTH = 254;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;

/** A password is kept exactly as typed: never trimmed. */
const passwordText = (options: { required?: string; missing?: string }) => textField({ max: PASSWORD_MAX_LENGTH, trim: false, tooLong: PASSWORD_TOO_LONG, ...options });

export const loginFormSchema = z.object({
  username: textField({ max: LOGIN_NAME_MAX_LENGTH, required: MESSAGES.usernameOrEmailRequired }),
  password: passwordText({ required: MESSAGES.passwordRequired }),
});

/** A new password (sign-up, admin accounts). */
export const passwordSchema = passwordText({ missing: MESSAGES.passwordRequired }).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

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

// In their own file, without zod: the web's first load needs the keys, not the schemas.
export { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from "./storage-keys";
