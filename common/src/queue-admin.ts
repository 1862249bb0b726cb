import { z } from "zod";
import { ENTRY_REF_MAX_LENGTH, entrySchema } from "./queue";
import { textField } from "./text";

/**
 * Where an entry's priority came from, by kind of payment (the Entry's `revenue_source`):
 * recurring support (YouTube membership, Patreon), a one-off donation (Super Chat, Cash App,
 * Streamlabs), or another source an admin typed in.
 */
export const REVENUE_SOURCES = ["subscription", "donation", "other"] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

const REVENUE_BY_PAYMENT: Record<string, RevenueSource> = {
  youtube_member: "subscription",
  patreon: "subscription",
  superchat: "donation",
  cashapp: "donation",
  streamlabs: "donation",
};

/** The revenue source of a payment source; null when nothing was paid. */
export const revenueSourceOf = (paymentSource: string | null): RevenueSource | null => (paymentSource ? (REVENUE_BY_PAYMENT[paymentSource] ?? "other") : null);

/**
 * Songs played that raise the submitter's account level: level 1 with none played, level 2 from the
 * first, then 3, 5, 10, 25 and 50 (level 7). See docs/queue-entries.md.
 */
export const ACCOUNT_LEVEL_THRESHOLDS = [0, 1, 3, 5, 10, 25, 50] as const;
export const accountLevelOf = (played: number): number => ACCOUNT_LEVEL_THRESHOLDS.filter((threshold) => played >= threshold).length;

/** A queue entry as the back-office lists show it: the public fields plus the submitter's standing. */
export const adminEntrySchema = entrySchema.extend({
  /** 1-7, from the songs the submitter (and a linked account) has had played. */
  account_level: z.number().int().min(1),
  /** Consecutive shows, up to this entry's, in which the submitter had a submission. */
  streak_count: z.number().int().min(0),
  revenue_source: z.enum(REVENUE_SOURCES).nullable(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

export const PLAY_NEXT_MESSAGES = {
  currentIdRequired: "current_id is required: the id of the song Now Playing, or null when nothing is playing",
  nowPlayingChanged: "Now Playing changed in the meantime. Reload and try again.",
  nothingToPlay: "Nothing is playing and no song is ready to play",
} as const;

/**
 * POST active-queuer/play-next: `current_id` is the first Now Playing entry as the admin saw it (null
 * when nothing was playing). A click made from an older view (a double click, another tab) gets a 409
 * instead of skipping a song.
 */
export const playNextInputSchema = z.object({
  current_id: textField({ max: ENTRY_REF_MAX_LENGTH, required: PLAY_NEXT_MESSAGES.currentIdRequired }).nullable(),
});
export type PlayNextInput = z.infer<typeof playNextInputSchema>;

export const playNextResultSchema = z.object({
  /** The songs that were Now Playing, now counted as played. */
  played: z.array(entrySchema),
  /** The song brought up from Waiting; null when nothing was ready. */
  now_playing: entrySchema.nullable(),
  /** Waiting entries passed over because their file was not scanned clean yet. */
  skipped_count: z.number().int(),
});
export type PlayNextResult = z.infer<typeof playNextResultSchema>;
