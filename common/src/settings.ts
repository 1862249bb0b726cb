import { z } from "zod";
import { BLOCKED_WORDS_MAX_LENGTH, HOST_LIMIT_MESSAGES, isWholeNumberUpTo, MAX_SONG_SECONDS_MAX, normalizeBlockedWords, SUBMISSIONS_PER_STREAM_MAX } from "./host-limits";
import { INACTIVITY_TIMEOUT_MAX, INACTIVITY_TIMEOUT_MIN, LINK_MAX_LENGTH } from "./limits";
import { WATCH_MINUTES_PER_TOKEN_DEFAULT } from "./loyalty";
import { MESSAGES } from "./messages";
import { SITE_DEFAULTS, SITE_SETTING_NAMES, siteStateSchemas } from "./site";
import { textField } from "./text";
import { CHAT_REQUEST_ROLES, isChatRole } from "./chat-requests";
import { PLAYER_SETTING_DEFAULTS, PLAYER_SETTING_NAMES, playerSettingSchemas } from "./player";
import { VOTE_MESSAGES, VOTES_PER_SESSION_DEFAULT, VOTES_PER_SESSION_MAX } from "./votes";
import { formatSkipVoteThreshold, isSkipVoteThreshold, parseSkipVoteThreshold, SKIP_VOTE_MESSAGES } from "./skip-votes";

export const SETTING_NAMES = [
  "isQueueOn",
  "isSubmissionsOpen",
  "youtubeStreamLink",
  "inactivityTimeoutMinutes",
  "nextStreamStartAt",
  "watchMinutesPerToken",
  "votesPerSession",
  "submissionsPerStream",
  "maxSongSeconds",
  "blockedWords",
  ...SITE_SETTING_NAMES,
  "chatRequestMinimumRole",
  "chatLimitExemptRoles",
  "skipVoteThreshold",
  "approvalFirst",
  ...PLAYER_SETTING_NAMES,
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/**
 * PUT set/{name} body: every setting travels as a string `state`. This only admits the types; each
 * setting's own text rule below bounds and checks the string.
 */
export const settingBodySchema = z.object({ state: z.union([z.string(), z.number(), z.boolean()]).transform(String) });

/** Longest flag, number or date a setting takes; longer is refused with the setting's own message. */
const SHORT_STATE_MAX_LENGTH = 64;
const shortState = (invalid: string) => textField({ max: SHORT_STATE_MAX_LENGTH, tooLong: invalid });

const CHAT_MINIMUM_ROLE_INVALID = `Who may request from chat must be one of: ${CHAT_REQUEST_ROLES.join(", ")}`;
const CHAT_EXEMPT_ROLES_INVALID = "Roles exempt from the per-person limits must be a comma-separated list of chat roles";

const WATCH_MINUTES_RANGE = `Watch minutes per token must be between 1 and ${INACTIVITY_TIMEOUT_MAX}`;
const STATE_NOT_BOOLEAN = "State must be true or false";
const booleanState = shortState(STATE_NOT_BOOLEAN)
  .toLowerCase()
  .refine((v) => v === "true" || v === "false", STATE_NOT_BOOLEAN);

/** Validates and normalises the state string of one setting; returns the stored string. */
export const settingStateSchemas: Record<SettingName, z.ZodType<string, string>> = {
  isQueueOn: booleanState,
  /** With the queue on, "false" pauses new submissions: the queue status is then "busy". */
  isSubmissionsOpen: booleanState,
  youtubeStreamLink: textField({ max: LINK_MAX_LENGTH, required: MESSAGES.streamLinkEmpty }),
  inactivityTimeoutMinutes: shortState(MESSAGES.inactivityTimeoutRange)
    .refine((v) => /^\d+$/.test(v) && +v >= INACTIVITY_TIMEOUT_MIN && +v <= INACTIVITY_TIMEOUT_MAX, MESSAGES.inactivityTimeoutRange)
    .transform((v) => String(Number(v))),
  nextStreamStartAt: shortState(MESSAGES.invalidDate)
    .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate)
    .transform((v) => new Date(v).toISOString()),
  /** Watched minutes that earn one Premium Fast Pass. */
  watchMinutesPerToken: shortState(WATCH_MINUTES_RANGE)
    .refine((v) => /^\d+$/.test(v) && +v >= 1 && +v <= INACTIVITY_TIMEOUT_MAX, WATCH_MINUTES_RANGE)
    .transform((v) => String(Number(v))),
  /** Votes each member may cast in one live session. */
  votesPerSession: shortState(VOTE_MESSAGES.votesPerSessionRange)
    .refine((v) => /^\d+$/.test(v) && +v >= 1 && +v <= VOTES_PER_SESSION_MAX, VOTE_MESSAGES.votesPerSessionRange)
    .transform((v) => String(Number(v))),
  /** Songs one person may send per stream (since the queue last opened); "0" is no limit. */
  submissionsPerStream: shortState(HOST_LIMIT_MESSAGES.submissionsPerStreamRange)
    .refine((v) => isWholeNumberUpTo(v, SUBMISSIONS_PER_STREAM_MAX), HOST_LIMIT_MESSAGES.submissionsPerStreamRange)
    .transform((v) => String(Number(v))),
  /** Longest uploaded song, in seconds of its scanned length; "0" is no limit. */
  maxSongSeconds: shortState(HOST_LIMIT_MESSAGES.maxSongSecondsRange)
    .refine((v) => isWholeNumberUpTo(v, MAX_SONG_SECONDS_MAX), HOST_LIMIT_MESSAGES.maxSongSecondsRange)
    .transform((v) => String(Number(v))),
  /** Words and phrases refused in artist names, titles and notes: one a line (or comma-separated); "" is none. Only admins read it. */
  blockedWords: textField({ max: BLOCKED_WORDS_MAX_LENGTH, multiline: true, tooLong: HOST_LIMIT_MESSAGES.blockedWordsTooLong }).transform(normalizeBlockedWords),
  ...siteStateSchemas,
  /** The least chat role that may request from chat (see CHAT_ROLES). */
  chatRequestMinimumRole: shortState(CHAT_MINIMUM_ROLE_INVALID)
    .toLowerCase()
    .refine((v) => (CHAT_REQUEST_ROLES as readonly string[]).includes(v), CHAT_MINIMUM_ROLE_INVALID),
  /** Chat roles, comma-separated, whose requests skip the per-person limits; "" is none. */
  chatLimitExemptRoles: shortState(CHAT_EXEMPT_ROLES_INVALID)
    .toLowerCase()
    .refine((v) => v.split(",").every((word) => word.trim() === "" || isChatRole(word.trim())), CHAT_EXEMPT_ROLES_INVALID)
    .transform((v) =>
      [
        ...new Set(
          v
            .split(",")
            .map((word) => word.trim())
            .filter(Boolean),
        ),
      ].join(","),
    ),
  /** "off", a number of votes, or a share of the connected viewers ("50%") that skips the song playing. */
  skipVoteThreshold: shortState(SKIP_VOTE_MESSAGES.thresholdInvalid)
    .refine(isSkipVoteThreshold, SKIP_VOTE_MESSAGES.thresholdInvalid)
    .transform((v) => formatSkipVoteThreshold(parseSkipVoteThreshold(v))),
  /** With "true", new submissions wait On Hold ("awaiting approval") until the host approves them. */
  approvalFirst: booleanState,
  ...playerSettingSchemas,
};

/** Settings only admins read: the words list would tell people what to get around. */
export const PRIVATE_SETTINGS: readonly SettingName[] = ["blockedWords"];

/** A setting name as it appears in a path; unknown names are a 404, not a validation error. */
export const isSettingName = (name: string): name is SettingName => (SETTING_NAMES as readonly string[]).includes(name);

export const settingRecordSchema = z.object({
  name: z.enum(SETTING_NAMES),
  state: z.string().nullable(),
});
export type SettingRecord = z.infer<typeof settingRecordSchema>;

export const SETTING_DEFAULTS: Record<SettingName, string | null> = {
  isQueueOn: "false",
  isSubmissionsOpen: "true",
  youtubeStreamLink: null,
  inactivityTimeoutMinutes: "60",
  nextStreamStartAt: null,
  watchMinutesPerToken: String(WATCH_MINUTES_PER_TOKEN_DEFAULT),
  votesPerSession: String(VOTES_PER_SESSION_DEFAULT),
  submissionsPerStream: "0",
  maxSongSeconds: "0",
  blockedWords: "",
  ...SITE_DEFAULTS,
  chatRequestMinimumRole: "everyone",
  chatLimitExemptRoles: "",
  skipVoteThreshold: "off",
  approvalFirst: "false",
  ...PLAYER_SETTING_DEFAULTS,
};
