import { z } from "zod";
import { PRIORITY_LEVELS } from "./limits";
import { ENTRY_REF_MAX_LENGTH } from "./queue";
import { textField } from "./text";

/** What the Analytics pages tell the host (admin spec sections 5 and 8), written once. */
export const ANALYTICS_MESSAGES = {
  nameRequired: "Please enter a session name!",
  loadDetailsFailed: "Failed to load session details",
  saveFailed: "Failed to save session!",
  endFailed: "Failed to end session!",
  startFailed: "Failed to start session!",
  noActiveSession: "No active session to save!",
  clearFailed: "Failed to clear submissions!",
  alreadyLive: "A session is already live. End it before starting another.",
  alreadyEnded: "This session has already ended",
  sessionNotFound: "Session not found",
  startedAtInvalid: "started_at must be a date and time with a time zone",
} as const;

export const SESSION_NAME_MAX_LENGTH = 100;
/** Most played submissions one save may name. */
export const SAVE_MAX_SUBMISSIONS = 1000;

/** POST analytics/sessions/start. `started_at` defaults to now; it may be earlier (the show began before the click). */
export const startSessionSchema = z.object({
  name: textField({ max: SESSION_NAME_MAX_LENGTH, required: ANALYTICS_MESSAGES.nameRequired }),
  started_at: z.iso.datetime({ offset: true, error: ANALYTICS_MESSAGES.startedAtInvalid }).nullish(),
});
export type StartSessionInput = z.infer<typeof startSessionSchema>;

/**
 * POST analytics/sessions/save/{id}: keeps the session live and adds the played submissions named here
 * (ids from the Submissions Played list) that no session holds yet, e.g. songs played before Start.
 */
export const saveSessionSchema = z.object({
  submissions_played: z
    .array(z.string().min(1).max(ENTRY_REF_MAX_LENGTH))
    .max(SAVE_MAX_SUBMISSIONS, { error: `At most ${SAVE_MAX_SUBMISSIONS} submissions per save` })
    .optional(),
});
export type SaveSessionInput = z.infer<typeof saveSessionSchema>;

export const sessionIdParams = z.object({ sessionId: z.string().min(1).max(ENTRY_REF_MAX_LENGTH) });
export const sessionRefParams = z.object({ id: z.string().min(1).max(ENTRY_REF_MAX_LENGTH) });

/** One song played while the session was live. */
export const sessionPlaySchema = z.object({
  submission_id: z.string(),
  artist_name: z.string(),
  track_title: z.string(),
  username: z.string(),
  priority_level: z.literal(PRIORITY_LEVELS),
  submitted_at: z.string(),
  played_at: z.string(),
  /** Seconds from submission to play. */
  wait_seconds: z.number().int().describe("Seconds from submission to play"),
  /** The host's score, 1 to 10 (review mode); null when unscored. */
  score: z.number().int().nullable().describe("The host's score, 1 to 10 (review mode); null when unscored"),
  /** The viewers voted it off before it ended (skip votes), so it was not played through. */
  skipped: z.boolean().describe("The viewers voted it off before it ended, so it was not played through"),
});

/** How many of a session's best-scored songs its analytics list. */
export const SESSION_TOP_SCORED_COUNT = 5;
export type SessionPlay = z.infer<typeof sessionPlaySchema>;

export const sessionSchema = z.object({
  session_id: z.string(),
  name: z.string(),
  started_at: z.string(),
  /** Seconds from started_at to the end (or to now while live). */
  duration: z.number().int().describe("Seconds from started_at to the end, or to now while live"),
  submissions_count: z.number().int(),
  /** Songs of a priority tier (1-3) among them. */
  priority_count: z.number().int(),
  /** Songs among them the viewers voted off before they ended. */
  skipped_count: z.number().int(),
  /** The songs played, in play order. */
  submissions_data: z.array(sessionPlaySchema),
  /** The mean of the host's scores in the session, to one decimal; null when nothing was scored. */
  average_score: z.number().nullable().describe("The mean of the host's scores, to one decimal; null when nothing was scored"),
  /** The best-scored songs, best first, at most SESSION_TOP_SCORED_COUNT. */
  top_scored: z.array(sessionPlaySchema),
  is_live: z.boolean(),
  ended_at: z.string().nullable(),
  saved_at: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const paymentSourceCountSchema = z.object({ source: z.string(), count: z.number().int() });

/** GET priority/analytics; docs/analytics.md says what each figure counts. */
export const priorityAnalyticsSchema = z.object({
  total_priority_users: z.number().int(),
  premium_users: z.number().int(),
  vip_users: z.number().int(),
  super_vip_users: z.number().int(),
  payment_sources: z.array(paymentSourceCountSchema),
  /** Seconds, rounded; null before anything was played. */
  avg_wait_time: z.number().int().nullable().describe("Seconds from submission to play, over every play; null before the first"),
  priority_played: z.number().int(),
  regular_played: z.number().int(),
});
export type PriorityAnalytics = z.infer<typeof priorityAnalyticsSchema>;
