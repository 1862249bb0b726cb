import { z } from "zod";
import { BIO_MAX_LENGTH, COMMUNITY_PAGE_SIZE, HISTORY_LIMIT, TEXT_FIELD_MAX_LENGTH, USER_LIST_LIMIT, USERNAME_MAX_LENGTH } from "./limits";
import { passwordSchema, tokenPairSchema } from "./auth";
import { ENTRY_STATUSES } from "./queue";
import { TEXT_MESSAGES, blankAsNull, textField } from "./text";

export const USERNAME_MIN_LENGTH = 3;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const LOCATION_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const WEBSITE_MAX_LENGTH = 2048;
export const USER_SEARCH_MAX_LENGTH = 100;
/** An account is new for this long when it has no submissions yet (spec: under 7 days). */
export const NEW_USER_DAYS = 7;

/** Names that would collide with the fixed paths under user/ or impersonate the product. */
export const RESERVED_USERNAMES = ["me", "public", "search", "logout", "admin", "anonymous"] as const;

export const USER_MESSAGES = {
  usernameRequired: "Username is required",
  usernameFormat: "Username may only contain letters a-z, digits 0-9 and underscores",
  usernameLength: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long`,
  usernameReserved: "This username is reserved",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  websiteInvalid: "Website must be an http or https URL",
  controlCharacters: TEXT_MESSAGES.controlCharacters,
  noRefreshToken: "No refresh token",
  invalidRefreshToken: "Invalid refresh token",
  signedOut: "Signed out",
  submissionLinked: "Submission linked to your account",
  guestSecretRequired: "The guest credential (X-Guest-Secret header) is required to claim a submission",
  googleNotConfigured: "Google sign-in is not configured",
  googleTokenInvalid: "Google credential is not valid",
  googleCredentialRequired: "credential is required",
} as const;

/**
 * The spec's username rule: only a-z, 0-9 and _, stored lowercased. The letters are checked before
 * lowercasing, so look-alikes (Cyrillic 'а', the Kelvin sign) are refused rather than folded to ASCII.
 */
export const usernameSchema = textField({ max: USERNAME_MAX_LENGTH, required: USER_MESSAGES.usernameRequired, tooLong: USER_MESSAGES.usernameLength })
  .regex(/^[A-Za-z0-9_]+$/, USER_MESSAGES.usernameFormat)
  .min(USERNAME_MIN_LENGTH, USER_MESSAGES.usernameLength)
  .transform((v) => v.toLowerCase())
  .refine((v) => !(RESERVED_USERNAMES as readonly string[]).includes(v), USER_MESSAGES.usernameReserved);

/** E-mail addresses are compared and stored lowercased. */
export const emailSchema = textField({ max: EMAIL_MAX_LENGTH, required: USER_MESSAGES.emailRequired, tooLong: USER_MESSAGES.emailInvalid })
  .toLowerCase()
  .pipe(z.email({ error: USER_MESSAGES.emailInvalid }));

export const displayNameSchema = textField({ max: DISPLAY_NAME_MAX_LENGTH, tooLong: USER_MESSAGES.displayNameTooLong });

export const websiteUrlSchema = textField({ max: WEBSITE_MAX_LENGTH, tooLong: USER_MESSAGES.websiteInvalid }).refine((value) => {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}, USER_MESSAGES.websiteInvalid);

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Optional; defaults to the username. */
  display_name: displayNameSchema.nullish(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const preferencesSchema = z.object({
  auto_fill_artist: z.boolean(),
  email_notifications: z.boolean(),
  public_profile: z.boolean(),
});
export type UserPreferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  auto_fill_artist: true,
  email_notifications: false,
  public_profile: true,
};

/** PUT user/me: every field optional; null or "" clears an optional text field. Unknown fields are ignored. */
export const updateMeSchema = z.object({
  username: usernameSchema.optional(),
  display_name: displayNameSchema.min(1, "Display name cannot be empty").optional(),
  bio: blankAsNull(textField({ max: BIO_MAX_LENGTH, multiline: true, tooLong: USER_MESSAGES.bioTooLong })),
  default_artist_name: blankAsNull(textField({ max: TEXT_FIELD_MAX_LENGTH })),
  default_youtube_username: blankAsNull(textField({ max: TEXT_FIELD_MAX_LENGTH })),
  location: blankAsNull(textField({ max: LOCATION_MAX_LENGTH })),
  website_url: blankAsNull(websiteUrlSchema),
  preferences: preferencesSchema.partial().optional(),
});
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

const pageNumber = (max: number, fallback: number) => z.coerce.number().int().min(0).max(max).default(fallback);

export const USER_SORT_FIELDS = ["last_active", "created_at", "username", "total_submissions", "total_played", "submission_rate"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The community sort select: label shown -> sort_by sent. */
export const USER_SORT_LABELS: Record<UserSortField, string> = {
  last_active: "Recently Active",
  created_at: "Newest",
  username: "Username A-Z",
  total_submissions: "Most Submissions",
  total_played: "Most Played",
  submission_rate: "Highest Play Rate",
};

/** The sort_order the community sends with each sort_by: usernames A-Z, everything else highest or newest first. */
export const USER_SORT_ORDERS: Record<UserSortField, "asc" | "desc"> = {
  last_active: "desc",
  created_at: "desc",
  username: "asc",
  total_submissions: "desc",
  total_played: "desc",
  submission_rate: "desc",
};

/** GET user/public/all. Without sort_order, usernames go A-Z and everything else highest first. */
export const userListQuerySchema = z.object({
  sort_by: z.enum(USER_SORT_FIELDS).default("last_active"),
  sort_order: z.enum(["asc", "desc"]).optional(),
  limit: pageNumber(USER_LIST_LIMIT, COMMUNITY_PAGE_SIZE).pipe(z.number().min(1)),
  offset: pageNumber(1_000_000, 0),
});

/** GET user/search/users. A blank query (after trimming) finds nobody. */
export const userSearchQuerySchema = z.object({
  query: textField({ max: USER_SEARCH_MAX_LENGTH }).default(""),
  limit: pageNumber(USER_LIST_LIMIT, COMMUNITY_PAGE_SIZE).pipe(z.number().min(1)),
  offset: pageNumber(1_000_000, 0),
});

/** Recent Activity's sorts (Newest, Oldest, Title A-Z, Artist A-Z, Status A-Z), applied over every submission, not a page. */
export const HISTORY_SORTS = ["newest", "oldest", "title", "artist", "status"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

export const historyQuerySchema = z.object({
  limit: pageNumber(USER_LIST_LIMIT, HISTORY_LIMIT).pipe(z.number().min(1)),
  offset: pageNumber(1_000_000, 0),
  sort: z.enum(HISTORY_SORTS).default("newest"),
  /** 'played' keeps the played submissions only (Recent Activity's 'Played only'). */
  status: z.enum(["played"]).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const userStatsSchema = z.object({
  total_submissions: z.number().int(),
  total_played: z.number().int(),
  /** Played over submissions, 0 to 1; 0 without submissions. */
  submission_rate: z.number().describe("Played over submissions, 0 to 1; 0 without submissions"),
  last_submission_at: z.string().nullable(),
  /** Under 7 days old and no submissions yet. */
  is_new_user: z.boolean().describe("Under 7 days old and no submissions yet"),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** What anyone may see of a member with a public profile: never the e-mail. */
export const publicUserSchema = userStatsSchema.extend({
  user_id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website_url: z.string().nullable(),
  created_at: z.string(),
  last_active: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own view (user/me, sign-in answers). */
export const meUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  default_artist_name: z.string().nullable(),
  default_youtube_username: z.string().nullable(),
  preferences: preferencesSchema,
  youtube_channel_id: z.string().nullable(),
  youtube_channel_title: z.string().nullable(),
  /** False for accounts made with Google only. */
  has_password: z.boolean(),
  google_connected: z.boolean(),
});
export type MeUser = z.infer<typeof meUserSchema>;

/** user/public/all and user/search/users as an admin sees them (Fast Pass manager): with e-mail, private profiles included. */
export const adminListUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  is_public: z.boolean(),
});
export type AdminListUser = z.infer<typeof adminListUserSchema>;

export interface UserListPage<U = PublicUser> {
  users: U[];
  has_more: boolean;
  total: number;
}

/**
 * A page of the directory as it goes on the wire: an admin's rows carry `email` and `is_public`. The
 * admin shape is tried first, so a public row never gains fields and an admin row never loses them.
 */
export const userListPageSchema = z.object({
  users: z.array(z.union([adminListUserSchema, publicUserSchema])),
  has_more: z.boolean(),
  total: z.number().int(),
});

export const historyItemSchema = z.object({
  id: z.string(),
  track_title: z.string(),
  artist_name: z.string(),
  submitted_at: z.string(),
  status: z.enum(ENTRY_STATUSES),
  played_at: z.string().nullable(),
  /** The host's score, 1 to 10 (review mode); null before the song is scored. */
  score: z.number().int().nullable(),
  /** The host's line for the artist, with the score. */
  score_note: z.string().nullable(),
  /** The host's reason, when it declined the submission while it awaited approval; absent otherwise. */
  decline_reason: z.string().optional().describe("The host's reason, when it declined the submission while it awaited approval; absent otherwise"),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  submissions: z.array(historyItemSchema),
  has_more: z.boolean(),
  total: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const userAuthResponseSchema = tokenPairSchema.extend({ user: meUserSchema });
export type UserAuthResponse = z.infer<typeof userAuthResponseSchema>;

export const googleSignInResponseSchema = userAuthResponseSchema.extend({
  /** True when this sign-in created the account. */
  is_new_user: z.boolean().describe("True when this sign-in created the account"),
  youtube_connected: z.boolean(),
  youtube_channel: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type GoogleSignInResponse = z.infer<typeof googleSignInResponseSchema>;

export const linkSubmissionResponseSchema = z.object({
  detail: z.string(),
  user_id: z.string(),
  linked_submissions: z.number().int(),
});
export type LinkSubmissionResponse = z.infer<typeof linkSubmissionResponseSchema>;

/** GET user/check-username/{username}: `detail` says why a name is not available. */
export const usernameCheckSchema = z.object({ available: z.boolean(), detail: z.string().optional() });
export type UsernameCheck = z.infer<typeof usernameCheckSchema>;

/** POST user/logout. */
export const signOutResponseSchema = z.object({ detail: z.string() });
