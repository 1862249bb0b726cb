import { z } from "zod";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, PRIORITY_LEVELS, PRIORITY_REASON_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH, type PriorityLevel } from "./limits";
import { MESSAGES } from "./messages";
import { isHttpUrl, LINK_NOT_HTTP } from "./link";
import { LINK_PLATFORMS } from "./link-canonical";
import { songDetailsSchema } from "./song-details";
import { textField } from "./text";
import { ENTRY_STATUSES } from "./entry-status";

export { ENTRY_STATUSES, QUEUE_TYPES, type EntryStatus, type QueueType } from "./entry-status";

export const FILE_SCAN_STATUSES = ["pending", "clean", "error"] as const;
export type FileScanStatus = (typeof FILE_SCAN_STATUSES)[number];

export const EMPTY_TEXT = "Empty!";
export const ANONYMOUS_USERNAME = "Anonymous";

export const PAYMENT_SOURCE_MAX_LENGTH = 50;
/** Longest `{id}` / `{user_id}` path segment; real ids are far shorter. */
export const ENTRY_REF_MAX_LENGTH = 200;

// The link rule lives in its own file so that a page importing only this file's constants does
// not download zod with it (the web's first load).
export { linkSchema } from "./link";

const optionalText = (max: number) => textField({ max }).nullish();

/** Fields of a submission as the form sends them, trimmed; defaults are applied by `normalizeSubmission`. */
export const submissionInputSchema = z.object({
  artist_name: optionalText(TEXT_FIELD_MAX_LENGTH),
  track_title: optionalText(TEXT_FIELD_MAX_LENGTH),
  youtube_username: optionalText(TEXT_FIELD_MAX_LENGTH),
  username: optionalText(TEXT_FIELD_MAX_LENGTH),
  link: optionalText(LINK_MAX_LENGTH),
  /** The note: the one submission field that may span several lines. */
  message: textField({ max: MESSAGE_MAX_LENGTH, multiline: true }).nullish(),
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;

export interface NormalizedSubmission {
  artist_name: string;
  track_title: string;
  youtube_username: string;
  username: string;
  link: string;
  message: string;
}

/**
 * The spec's submit rules, applied by the form and again by the server: trim, blank artist, title and
 * note become 'Empty!', a blank channel username becomes 'Anonymous', and `username` is the lowercased
 * channel username.
 */
export function normalizeSubmission(input: SubmissionInput): Omit<NormalizedSubmission, "link"> & { link: string } {
  const text = (v: string | null | undefined) => (v ?? "").trim();
  const youtube = text(input.youtube_username) || text(input.username) || ANONYMOUS_USERNAME;
  return {
    artist_name: text(input.artist_name) || EMPTY_TEXT,
    track_title: text(input.track_title) || EMPTY_TEXT,
    youtube_username: youtube,
    username: youtube.toLowerCase(),
    link: text(input.link),
    message: text(input.message) || EMPTY_TEXT,
  };
}

/**
 * How a submitter is shown on every list: the channel name as typed, as a handle; a guest who gave none
 * is 'Anonymous', a name rather than a handle. The lowercased `username` is for matching only.
 */
export function submitterName(entry: { youtube_username?: string | null; username?: string }): string {
  const typed = (entry.youtube_username ?? "").trim() || (entry.username ?? "");
  return typed.toLowerCase() === ANONYMOUS_USERNAME.toLowerCase() ? ANONYMOUS_USERNAME : `@${typed}`;
}

/** A link submission must carry a valid link. */
export const linkSubmissionSchema = submissionInputSchema.extend({
  link: textField({ max: LINK_MAX_LENGTH, required: MESSAGES.linkRequired }).refine(isHttpUrl, LINK_NOT_HTTP),
});

const TOP_PRIORITY_LEVEL = Math.max(...PRIORITY_LEVELS);
/** "0, 1, 2 or 3". */
const PRIORITY_CHOICES = `${PRIORITY_LEVELS.slice(0, -1).join(", ")} or ${TOP_PRIORITY_LEVEL}`;

export const prioritySchema = z.object({
  priority_level: z.coerce
    .number()
    .int()
    .refine((v): v is PriorityLevel => (PRIORITY_LEVELS as readonly number[]).includes(v), `priority_level must be ${PRIORITY_CHOICES}`),
  premium_expires: z.iso.datetime({ offset: true }).nullish(),
  payment_source: textField({ max: PAYMENT_SOURCE_MAX_LENGTH }).nullish(),
  payment_reference: textField({ max: TEXT_FIELD_MAX_LENGTH }).nullish(),
  reason: textField({ max: PRIORITY_REASON_MAX_LENGTH, multiline: true }).nullish(),
});
export type PriorityInput = z.infer<typeof prioritySchema>;

/** A queue entry as it travels on the wire. Nothing secret: no e-mail, no guest secret. */
export const entrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  owner_id: z.string().nullable(),
  username: z.string(),
  youtube_username: z.string(),
  artist_name: z.string(),
  track_title: z.string(),
  link: z.string(),
  /** Where the link plays, read from its canonical key; "upload" for files. */
  platform: z.enum(LINK_PLATFORMS).describe("Where the link plays, read from its canonical key; upload for files"),
  /** The YouTube video id, so the host sees what will play; null for other platforms. */
  video_id: z.string().nullable().describe("The YouTube video id; null for other platforms"),
  message: z.string(),
  status: z.enum(ENTRY_STATUSES),
  on_hold: z.boolean(),
  priority_level: z.literal(PRIORITY_LEVELS),
  premium_expires: z.string().nullable(),
  payment_source: z.string().nullable(),
  submitted_at: z.string(),
  created_at: z.string(),
  file_key: z.string().nullable(),
  file_status: z.enum(FILE_SCAN_STATUSES).nullable(),
  /** Seconds; an uploaded file's real length. */
  duration_seconds: z.number().nullable(),
  /** The submitting member's username when their profile is public; null for guests and private profiles. */
  profile_username: z.string().nullable().describe("The submitting member's username when their profile is public; null for guests and private profiles"),
  /** Bumped by every change; an admin edit may send it back to refuse overwriting a newer change. */
  version: z.number().int().describe("Bumped by every change; an admin edit may send it back to refuse overwriting a newer change"),
  /** True while it waits On Hold for the host's approval (approval first); absent otherwise. */
  awaiting_approval: z.literal(true).optional().describe("True while it waits On Hold for the host's approval (approval first); absent otherwise"),
  /** Ours: what the link's platform says the song is (title, channel, length, thumbnail); absent until looked up, and for uploads. */
  song_details: songDetailsSchema.optional().describe("What the link's platform says the song is; absent until looked up, and for uploads"),
});
export type Entry = z.infer<typeof entrySchema>;

export const playedEntrySchema = entrySchema.extend({ played_at: z.string() });
export type PlayedEntry = z.infer<typeof playedEntrySchema>;

export const POSITION_STATUSES = ["active", "waiting", "on_hold", "not_found", "error"] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

export const queuePositionSchema = z.object({
  status: z.enum(POSITION_STATUSES),
  position: z.number().int().nullable(),
  message: z.string(),
  /** Whole minutes. */
  estimated_wait: z.number().int().nullable().describe("Whole minutes"),
  total_ahead: z.number().int(),
  total_in_queue: z.number().int(),
});
export type QueuePosition = z.infer<typeof queuePositionSchema>;

export const QUEUE_STATUSES = ["open", "busy", "closed"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const queueOverviewSchema = z.object({
  total_submissions: z.number().int(),
  active_queue: z.number().int(),
  waiting_queue: z.number().int(),
  hold_queue: z.number().int(),
  queue_status: z.enum(QUEUE_STATUSES),
  is_queue_open: z.boolean(),
  next_stream_start_at: z.string().nullable(),
  now_playing: entrySchema.pick({ artist_name: true, track_title: true, username: true }).nullable(),
});
export type QueueOverview = z.infer<typeof queueOverviewSchema>;

/** Answer of POST queuer/: the entry, the submitter, and (for a new guest only) the guest's secret. */
export const submitResponseSchema = z.object({
  queuer: entrySchema,
  user: z.object({ user_id: z.string(), username: z.string(), is_guest: z.boolean() }),
  /** Only for a new guest: the secret the guest's edit, leave and link-to-account calls send as X-Guest-Secret. */
  guest_secret: z.string().optional(),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

/** Header that carries a guest's secret on edit, leave, upload-update and link-to-account calls. */
export const GUEST_SECRET_HEADER = "x-guest-secret";
export const FAST_PASS_HEADER = "x-fastpass-level";

/** Queue sentences the server sends as `detail` or position `message`, beyond the shared MESSAGES. */
export const QUEUE_MESSAGES = {
  submissionsPaused: "Submissions are paused right now. Try again soon.",
  fastPassSignInRequired: "Sign in to use a Fast Pass",
  fileNotClean: "File has not been scanned clean yet",
  alreadyPlaying: "This submission is already Now Playing",
  notPlaying: "This submission is not Now Playing",
  notOnHold: "This submission is not on hold",
  onlyWaitingCanBeHeld: "Only a waiting submission can be put on hold",
  changedMeanwhile: "This submission was changed in the meantime. Reload and try again.",
  positionActive: "You're Now Playing!",
  positionOnHold: "Your submission is on hold. Check back in to return to your place.",
  positionAwaitingApproval: "Waiting for the host's approval",
  notAwaitingApproval: "This submission is not waiting for approval",
  declineReasonRequired: "Please give the submitter a reason",
  declined: (reason: string) => `The host declined your song: ${reason}`,
  positionWaiting: (rank: number) => `You're #${rank} in the queue`,
} as const;

/** Query of POST queuer/: `bypass_duplicates=false` refuses a link already live in the queue. */
export const submitQuerySchema = z.object({
  bypass_duplicates: z
    .enum(["true", "false", "1", "0"], { error: "bypass_duplicates must be true or false" })
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});

/** X-FastPass-Level: the Fast Pass tier a signed-in user spends on this submission (0 = none). */
const FAST_PASS_LEVEL_INVALID = `X-FastPass-Level must be ${PRIORITY_CHOICES}`;
export const fastPassLevelSchema = z.coerce
  .number({ error: FAST_PASS_LEVEL_INVALID })
  .int(FAST_PASS_LEVEL_INVALID)
  .min(PRIORITY_LEVELS[0], FAST_PASS_LEVEL_INVALID)
  .max(TOP_PRIORITY_LEVEL, FAST_PASS_LEVEL_INVALID);
/** The headers of a call that submits a song: the Fast Pass it spends, if any. */
export const fastPassHeadersSchema = z.object({ [FAST_PASS_HEADER]: fastPassLevelSchema.optional() });

/** PUT queuer/{user_id}: the owner edits the fields; the owner cannot put the entry on hold. */
export const ownerUpdateSchema = submissionInputSchema.extend({
  on_hold: z.literal(false, { error: "Only an admin can put a submission on hold" }).optional(),
});

/**
 * PUT queuer/{id}/admin: a patch (fields left out stay as they are) plus `on_hold: true`, which puts a
 * waiting entry on hold; `version`, when given, must still be the entry's (else 409). A Hold without
 * `version` leaves the fields as stored: the copy it was sent from may be older than the owner's save.
 */
export const adminUpdateSchema = submissionInputSchema.extend({
  on_hold: z.boolean().optional(),
  version: z.number().int().positive().optional(),
});
export type AdminEditInput = z.infer<typeof adminUpdateSchema>;

/** DELETE active-queuer/{id}?is_played: true counts it as played, false just removes it. */
export const removeActiveQuerySchema = z.object({
  is_played: z
    .enum(["true", "false", "1", "0"], { error: "is_played must be true or false" })
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});

const ACTIVITY_TYPE_MAX_LENGTH = 100;
export const activityQuerySchema = z.object({ activity_type: textField({ max: ACTIVITY_TYPE_MAX_LENGTH }).optional() });

/** `{id}` / `{user_id}` path segments: a submitter id or an entry id. */
export const entryRefSchema = textField({ max: ENTRY_REF_MAX_LENGTH, required: "An id is required" });

export const DECLINE_REASON_MAX_LENGTH = 500;

/** POST queuer/{id}/decline: the host declines a submission awaiting approval, with a reason the submitter reads. */
export const declineInputSchema = z.object({
  reason: textField({ max: DECLINE_REASON_MAX_LENGTH, multiline: true, required: QUEUE_MESSAGES.declineReasonRequired }),
});
export type DeclineInput = z.infer<typeof declineInputSchema>;
