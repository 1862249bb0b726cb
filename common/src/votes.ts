import { z } from "zod";
import { ENTRY_REF_MAX_LENGTH } from "./queue";

/** Votes a member has per live session unless the host sets votesPerSession (spec 9: "at most 3 per session by default"). */
export const VOTES_PER_SESSION_DEFAULT = 3;
export const VOTES_PER_SESSION_MAX = 100;
/** How often /queue refetches the played songs while a session is live, in case a live message was missed. */
export const VOTES_POLL_MS = 30_000;

export const VOTE_MESSAGES = {
  noLiveSession: "There is no live session to vote in",
  notPlayed: "You can only vote for songs played in this session",
  ownSong: "You cannot vote for your own song",
  alreadyVoted: "You already voted for this song",
  notVoted: "You have not voted for this song",
  noVotesLeft: (max: number) => `You have used all ${max} of your votes in this session`,
  submissionIdRequired: "submission_id is required",
  votesPerSessionRange: `Votes per session must be between 1 and ${VOTES_PER_SESSION_MAX}`,
  loadFailed: "Failed to load this session's songs",
} as const;

/** GET votes/session/current/usage (spec: vote usage open, used, remaining, max). */
export const voteUsageSchema = z.object({
  /** A session is live, so votes can be cast. */
  open: z.boolean(),
  used: z.number().int(),
  remaining: z.number().int(),
  max: z.number().int(),
});
export type VoteUsage = z.infer<typeof voteUsageSchema>;

/**
 * Spec 8: when the usage lookup fails, the page still offers voting: open if a session exists, used 0,
 * remaining 3, max 3.
 */
export const fallbackVoteUsage = (sessionExists: boolean): VoteUsage => ({
  open: sessionExists,
  used: 0,
  remaining: VOTES_PER_SESSION_DEFAULT,
  max: VOTES_PER_SESSION_DEFAULT,
});

/** One song played in the live session, with its votes. */
export const playedSongSchema = z.object({
  submission_id: z.string(),
  artist_name: z.string(),
  track_title: z.string(),
  username: z.string(),
  played_at: z.string(),
  votes: z.number().int(),
  /** The signed-in member voted for it (false for guests). */
  voted: z.boolean(),
  /** The signed-in member submitted it, so cannot vote for it (false for guests). */
  own: z.boolean(),
});
export type PlayedSong = z.infer<typeof playedSongSchema>;

/** GET votes/session/current/played: the live session (null when none) and its songs in play order. */
export const currentPlayedSchema = z.object({
  session_id: z.string().nullable(),
  played: z.array(playedSongSchema),
});
export type CurrentPlayed = z.infer<typeof currentPlayedSchema>;

/** POST and DELETE votes/session/current/played/{submission_id}. */
export const voteParams = z.object({
  submission_id: z.string({ error: VOTE_MESSAGES.submissionIdRequired }).trim().min(1, VOTE_MESSAGES.submissionIdRequired).max(ENTRY_REF_MAX_LENGTH),
});

/** The answer to a vote or its taking back: the song's votes now, and the member's usage. */
export const voteResultSchema = z.object({
  submission_id: z.string(),
  votes: z.number().int(),
  voted: z.boolean(),
  usage: voteUsageSchema,
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** "2 of 3 votes left". */
export const votesLeftText = (usage: VoteUsage): string => `${usage.remaining} of ${usage.max} ${usage.max === 1 ? "vote" : "votes"} left`;
