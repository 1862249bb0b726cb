import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./limits";
import { passwordSchema } from "./auth";
import { textField } from "./text";
import { preferencesSchema } from "./users";

/** What a member reads when they change their password, sign out everywhere, export or delete their account. */
export const ACCOUNT_DATA_MESSAGES = {
  confirmUsernameRequired: "Type your username to confirm",
  confirmUsernameMismatch: "The username you typed does not match your account",
  currentPasswordRequired: "Your current password is required",
  currentPasswordWrong: "Your current password is incorrect",
  noPassword: "This account signs in with Google and has no password",
  samePassword: "The new password must differ from the current one",
  passwordChanged: "Password changed. Your other sessions are signed out.",
  signedOutEverywhere: "Signed out everywhere",
  accountDeleted: "Your account and its personal data are deleted",
  exportFailed: "Failed to download your data",
  deleteFailed: "Failed to delete your account",
} as const;

const currentPassword = textField({ max: PASSWORD_MAX_LENGTH, trim: false, missing: ACCOUNT_DATA_MESSAGES.currentPasswordRequired });

/** PUT user/me/password. `refresh_token` names this browser's login, which stays signed in; every other one ends. */
export const changePasswordSchema = z.object({
  current_password: currentPassword.min(1, ACCOUNT_DATA_MESSAGES.currentPasswordRequired),
  new_password: passwordSchema,
  refresh_token: z.string().max(4096).optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** DELETE user/me: the member types their username; an account with a password gives it too. */
export const deleteAccountSchema = z.object({
  username: textField({ max: 100, required: ACCOUNT_DATA_MESSAGES.confirmUsernameRequired }),
  password: currentPassword.optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const accountMessageSchema = z.object({ detail: z.string() });

const nullableText = z.string().nullable();

/** GET user/me/export: everything LiveQueue keeps about the member, as one JSON document. */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  profile: z.object({
    user_id: z.string(),
    username: z.string(),
    email: nullableText,
    email_verified: z.boolean(),
    display_name: z.string(),
    avatar_url: nullableText,
    bio: nullableText,
    location: nullableText,
    website_url: nullableText,
    default_artist_name: nullableText,
    default_youtube_username: nullableText,
    preferences: preferencesSchema,
    has_password: z.boolean(),
    google_connected: z.boolean(),
    youtube_channel_id: nullableText,
    youtube_channel_title: nullableText,
    created_at: z.string(),
    updated_at: z.string(),
    last_active: z.string(),
  }),
  submissions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      artist_name: z.string(),
      track_title: z.string(),
      link: z.string(),
      message: z.string(),
      youtube_username: z.string(),
      username: z.string(),
      priority_level: z.number(),
      submitted_at: z.string(),
      played_at: nullableText,
      removed_at: nullableText,
    }),
  ),
  votes: z.array(z.object({ session_id: z.string(), submission_id: z.string(), created_at: z.string() })),
  fast_pass: z.object({
    watched_minutes: z.number(),
    ledger: z.array(z.object({ source: z.string(), priority_level: z.number(), count: z.number(), submission_id: nullableText, created_at: z.string() })),
  }),
  email_subscriptions: z.array(
    z.object({
      email: z.string(),
      queue_notifications: z.boolean(),
      general_updates: z.boolean(),
      up_next: z.boolean(),
      confirmed_at: nullableText,
      unsubscribed_at: nullableText,
      created_at: z.string(),
    }),
  ),
  draft: z
    .object({
      artist_name: z.string(),
      track_title: z.string(),
      youtube_username: z.string(),
      message: z.string(),
      link: z.string(),
      file_name: nullableText,
      updated_at: z.string(),
    })
    .nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
