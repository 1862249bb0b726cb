import { parseSkipVoteThreshold, SKIP_VOTE_MESSAGES, skipVotesNeeded, type SkipVoteInput, type SkipVoteStatus } from "@common/skip-votes";
import type { EventBus } from "../../events/domain-events";
import { type Actor, memberIdOf, requireMember, systemActor } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import type { Db } from "../../db/kysely";
import { AppError, conflict } from "../../lib/errors";
import type { QueueService } from "../queue/queue.service";
import type { SettingsService } from "../settings/settings.service";
import { createSkipVotesRepository } from "./skip-votes.repository";

export interface SkipVotesDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  settings: Pick<SettingsService, "get">;
  queue: Pick<QueueService, "nowPlaying"> & { admin: Pick<QueueService["admin"], "playNext"> };
  /** Public sockets open on this instance: what a share threshold is a share of. */
  viewerCount(): number;
}

/** Who votes: a member by account, a chat viewer by chat identity (as its member once linked, so web and chat count once). */
export type SkipVoter = { kind: "member"; accountId: string } | { kind: "chat"; identityId: string; accountId: string | null };

/** A vote's outcome: the song's count, and whether this vote was new and whether it skipped the song. */
export interface SkipVoteOutcome extends SkipVoteStatus {
  counted: boolean;
  track_title: string;
}

const voterKeyOf = (voter: SkipVoter) => (voter.kind === "member" ? `member:${voter.accountId}` : voter.accountId ? `member:${voter.accountId}` : `chat:${voter.identityId}`);

/**
 * Votes to skip the song Now Playing, from members on the web and viewers in chat: one per person and
 * song (the table's key), against the host's threshold (off, a count, or a share of the viewers
 * connected). The vote that reaches it runs Play next with that song as `current_id`, so however many
 * last votes arrive at once, one song is skipped, once; analytics counts it as skipped.
 */
export function createSkipVotesService(deps: SkipVotesDeps) {
  const repository = createSkipVotesRepository(deps.db);
  const threshold = async () => parseSkipVoteThreshold(await deps.settings.get("skipVoteThreshold"));

  /** Play next for the song the votes were for; false when another vote or the host moved on first. */
  async function skip(submissionId: string): Promise<boolean> {
    try {
      await deps.queue.admin.playNext(systemActor("Skip votes"), { current_id: submissionId }, { skipped: true });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return false;
      throw error;
    }
  }

  async function cast(voter: SkipVoter, submissionId: string | null): Promise<SkipVoteOutcome> {
    const rule = await threshold();
    if (rule.kind === "off") throw conflict(SKIP_VOTE_MESSAGES.off);
    const playing = await deps.queue.nowPlaying();
    if (!playing) throw conflict(submissionId ? SKIP_VOTE_MESSAGES.notPlaying : SKIP_VOTE_MESSAGES.nothingPlaying);
    if (submissionId !== null && playing.id !== submissionId) throw conflict(SKIP_VOTE_MESSAGES.notPlaying);
    const counted = await repository.add({ submission_id: playing.id, voter_key: voterKeyOf(voter), voter_kind: voter.kind, created_at: toIso(deps.clock.now()) });
    const votes = await repository.count(playing.id);
    const needed = skipVotesNeeded(rule, deps.viewerCount())!;
    if (counted) await deps.events.emit("skip_votes.changed", { submission_id: playing.id, votes, needed });
    const skipped = counted && votes >= needed ? await skip(playing.id) : false;
    return { submission_id: playing.id, votes, needed, voted: true, skipped, counted, track_title: playing.track_title };
  }

  return {
    /** Anyone may look: the song Now Playing, its votes and how many skip it; a member's token adds whether they voted. */
    async status(actor: Actor): Promise<SkipVoteStatus> {
      const [rule, playing] = await Promise.all([threshold(), deps.queue.nowPlaying()]);
      const memberId = memberIdOf(actor);
      if (!playing) return { submission_id: null, votes: 0, needed: skipVotesNeeded(rule, deps.viewerCount()), voted: false, skipped: false };
      return {
        submission_id: playing.id,
        votes: await repository.count(playing.id),
        needed: skipVotesNeeded(rule, deps.viewerCount()),
        voted: memberId ? await repository.hasVoted(playing.id, `member:${memberId}`) : false,
        skipped: false,
      };
    },

    /** A member's vote for the song they saw playing; a vote sent after it changed is refused (409). */
    async vote(actor: Actor, input: SkipVoteInput): Promise<SkipVoteStatus> {
      const accountId = requireMember(actor);
      const { counted: _counted, track_title: _title, ...status } = await cast({ kind: "member", accountId }, input.submission_id);
      return status;
    },

    /** `!skip` from chat: a vote for whatever plays now; refusals come back as AppErrors with their sentence. */
    async voteFromChat(voter: Extract<SkipVoter, { kind: "chat" }>): Promise<SkipVoteOutcome> {
      return cast(voter, null);
    },
  };
}

export type SkipVotesService = ReturnType<typeof createSkipVotesService>;
