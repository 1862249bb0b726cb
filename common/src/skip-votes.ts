import { z } from "zod";
import { ENTRY_REF_MAX_LENGTH } from "./queue";

/** Most votes a count threshold may ask for. */
export const SKIP_VOTE_COUNT_MAX = 1000;

/**
 * The host's skip-vote threshold as the setting stores it: "off", a count of votes ("5"), or a share
 * of the viewers connected to the public live channel ("50%").
 */
export type SkipVoteThreshold = { kind: "off" } | { kind: "count"; votes: number } | { kind: "share"; percent: number };

export const SKIP_VOTE_MESSAGES = {
  off: "Skip votes are off: the host decides when a song is skipped",
  notPlaying: "This song is no longer playing, so your skip vote was not counted",
  nothingPlaying: "Nothing is playing right now, so there is nothing to skip",
  submissionIdRequired: "submission_id is required: the id of the song Now Playing",
  thresholdInvalid: `The skip-vote threshold must be off, a number of votes from 1 to ${SKIP_VOTE_COUNT_MAX}, or a share of viewers from 1% to 100%`,
  voteFailed: "Your skip vote could not be sent. Please try again.",
} as const;

/** Reads the stored setting; anything unreadable counts as off. */
export function parseSkipVoteThreshold(state: string | null | undefined): SkipVoteThreshold {
  const text = (state ?? "").trim().toLowerCase();
  const share = /^(\d{1,3})%$/.exec(text);
  if (share) {
    const percent = Number(share[1]);
    return percent >= 1 && percent <= 100 ? { kind: "share", percent } : { kind: "off" };
  }
  if (/^\d{1,4}$/.test(text)) {
    const votes = Number(text);
    return votes >= 1 && votes <= SKIP_VOTE_COUNT_MAX ? { kind: "count", votes } : { kind: "off" };
  }
  return { kind: "off" };
}

/** The setting's stored text for a threshold ("off", "5", "50%"). */
export function formatSkipVoteThreshold(threshold: SkipVoteThreshold): string {
  if (threshold.kind === "count") return String(threshold.votes);
  if (threshold.kind === "share") return `${threshold.percent}%`;
  return "off";
}

/** True when the text is a threshold the setting accepts. */
export const isSkipVoteThreshold = (state: string): boolean => state.trim().toLowerCase() === "off" || parseSkipVoteThreshold(state).kind !== "off";

/** Votes needed to skip under `threshold` with `viewers` connected: at least one; null when off. */
export function skipVotesNeeded(threshold: SkipVoteThreshold, viewers: number): number | null {
  if (threshold.kind === "off") return null;
  if (threshold.kind === "count") return threshold.votes;
  return Math.max(1, Math.ceil((threshold.percent * Math.max(0, viewers)) / 100));
}

/** GET skip-votes/current and the answer of a vote: the song Now Playing and its skip votes. */
export const skipVoteStatusSchema = z.object({
  /** The song Now Playing; null when nothing plays. */
  submission_id: z.string().nullable(),
  votes: z.number().int(),
  /** Votes that skip the song; null while skip votes are off. */
  needed: z.number().int().nullable().describe("Votes that skip the song; null while skip votes are off"),
  /** The signed-in member already voted to skip this song (false for guests). */
  voted: z.boolean(),
  /** This vote skipped the song (only in the answer of a vote). */
  skipped: z.boolean(),
});
export type SkipVoteStatus = z.infer<typeof skipVoteStatusSchema>;

/** POST skip-votes: the song the viewer saw playing, so a vote sent after it changed is refused. */
export const skipVoteInputSchema = z.object({
  submission_id: z
    .string({ error: SKIP_VOTE_MESSAGES.submissionIdRequired })
    .trim()
    .min(1, SKIP_VOTE_MESSAGES.submissionIdRequired)
    .max(ENTRY_REF_MAX_LENGTH, SKIP_VOTE_MESSAGES.submissionIdRequired),
});
export type SkipVoteInput = z.infer<typeof skipVoteInputSchema>;

/** "Skip votes: 2 / 3", as the queue page and the overlay show it. */
export const skipVoteCountText = (votes: number, needed: number) => `Skip votes: ${votes} / ${needed}`;
