import { z } from "zod";
import { blankAsNull, textField } from "./text";

/** The host's scores run from 1 to 10, whole numbers. */
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 10;
/** The one line the host may write for the artist. */
export const REVIEW_NOTE_MAX_LENGTH = 280;

export const REVIEW_MESSAGES = {
  scoreRange: `Score must be a whole number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`,
  /** 409: only the song playing or one already played can be scored. */
  notScorable: "Only the song playing now or one already played can be scored",
  saved: "Score saved",
  saveFailed: "Could not save the score",
} as const;

export const reviewParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PUT reviews/:id: the host's score and one line for the artist (blank: none). */
export const reviewInputSchema = z.object({
  score: z
    .number({ error: REVIEW_MESSAGES.scoreRange })
    .int({ error: REVIEW_MESSAGES.scoreRange })
    .min(REVIEW_SCORE_MIN, { error: REVIEW_MESSAGES.scoreRange })
    .max(REVIEW_SCORE_MAX, { error: REVIEW_MESSAGES.scoreRange }),
  note: blankAsNull(textField({ max: REVIEW_NOTE_MAX_LENGTH })),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  submission_id: z.string(),
  score: z.number().int(),
  note: z.string().nullable(),
  reviewed_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET reviews/:id: the song's score, or null before the host scored it. */
export const reviewOrNoneSchema = z.object({ review: reviewSchema.nullable() });
