import { VOTE_MESSAGES, type CurrentPlayed, type VoteResult, type VoteUsage } from "@common/votes";
import type { Db } from "../../db/kysely";
import type { EventBus } from "../../events/domain-events";
import { type Actor, memberIdOf, requireMember } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { SettingsService } from "../settings/settings.service";
import { createVotesRepository, type LiveSessionRef } from "./votes.repository";

export interface VotesServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  settings: SettingsService;
}

/**
 * Members' votes for the songs played in the live analytics session: at most `votesPerSession` each
 * (a setting, 3 by default), one per song, never for their own. docs/votes.md has the calls and why.
 */
export function createVotesService(deps: VotesServiceDeps) {
  const repository = createVotesRepository(deps.db);
  const maxVotes = async () => Number(await deps.settings.get("votesPerSession"));

  async function usageOf(session: LiveSessionRef | undefined, userId: string): Promise<VoteUsage> {
    const max = await maxVotes();
    const used = session ? await repository.used(session.id, userId) : 0;
    return { open: session !== undefined, used, remaining: Math.max(0, max - used), max };
  }

  async function liveSession(): Promise<LiveSessionRef> {
    const session = await repository.liveSession();
    if (!session) throw conflict(VOTE_MESSAGES.noLiveSession);
    return session;
  }

  async function result(session: LiveSessionRef, userId: string, submissionId: string, voted: boolean): Promise<VoteResult> {
    const counts = await repository.voteCounts(session.id, [submissionId]);
    return { submission_id: submissionId, votes: counts.get(submissionId) ?? 0, voted, usage: await usageOf(session, userId) };
  }

  return {
    /** Anyone may look; a member's token adds which songs they voted for and which are their own. */
    async played(actor: Actor): Promise<CurrentPlayed> {
      const memberId = memberIdOf(actor);
      const session = await repository.liveSession();
      if (!session) return { session_id: null, played: [] };
      const plays = await repository.plays(session.id);
      const counts = await repository.voteCounts(session.id);
      const voted = memberId ? await repository.votedBy(session.id, memberId) : new Set<string>();
      const own = memberId
        ? await repository.submittedBy(
            memberId,
            plays.map((play) => play.submission_id),
          )
        : new Set<string>();
      const played = plays.map((play) => ({
        ...play,
        votes: counts.get(play.submission_id) ?? 0,
        voted: voted.has(play.submission_id),
        own: own.has(play.submission_id),
      }));
      return { session_id: session.id, played };
    },

    async usage(actor: Actor): Promise<VoteUsage> {
      const userId = requireMember(actor);
      return usageOf(await repository.liveSession(), userId);
    },

    /** One vote for a song of the live session, counted atomically against the member's limit. */
    async vote(actor: Actor, submissionId: string): Promise<VoteResult> {
      const userId = requireMember(actor);
      const session = await liveSession();
      if (!(await repository.isPlayedIn(session.id, submissionId))) throw notFound(VOTE_MESSAGES.notPlayed);
      if ((await repository.submittedBy(userId, [submissionId])).has(submissionId)) throw forbidden(VOTE_MESSAGES.ownSong);
      const max = await maxVotes();
      await repository.transaction(async (trx) => {
        if (!(await repository.takeVote(trx, session.id, userId, max))) {
          throw conflict((await repository.hasVoted(trx, session.id, userId, submissionId)) ? VOTE_MESSAGES.alreadyVoted : VOTE_MESSAGES.noVotesLeft(max));
        }
        const inserted = await repository.insertVote(trx, {
          id: newId(),
          session_id: session.id,
          user_id: userId,
          submission_id: submissionId,
          created_at: toIso(deps.clock.now()),
        });
        // Rolls back the vote taken above.
        if (!inserted) throw conflict(VOTE_MESSAGES.alreadyVoted);
      });
      await deps.events.emit("votes.changed", { session_id: session.id });
      return result(session, userId, submissionId, true);
    },

    /** Takes a vote back while the session is live, giving the member the vote again. */
    async unvote(actor: Actor, submissionId: string): Promise<VoteResult> {
      const userId = requireMember(actor);
      const session = await liveSession();
      const removed = await repository.transaction((trx) => repository.removeVote(trx, session.id, userId, submissionId));
      if (!removed) throw notFound(VOTE_MESSAGES.notVoted);
      await deps.events.emit("votes.changed", { session_id: session.id });
      return result(session, userId, submissionId, false);
    },
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
