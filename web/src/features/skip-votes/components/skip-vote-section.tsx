import { useSkipVote, useSkipVotes } from "../api";
import { SkipVoteBar } from "./skip-vote-bar";

/** The queue page's skip votes for the song Now Playing (`nowPlayingId`, from the live lists). */
export function SkipVoteSection({ nowPlayingId }: { nowPlayingId: string | null }) {
  const { status, signedIn, memberId } = useSkipVotes(nowPlayingId);
  const vote = useSkipVote(memberId);
  return <SkipVoteBar status={status} signedIn={signedIn} busy={vote.isPending} onVote={(id) => vote.mutate(id)} />;
}

/** The overlay's count: the text alone, from a guest's view; null while off or with nothing playing. */
export function useSkipVoteCount(nowPlayingId: string | null): { votes: number; needed: number } | null {
  const { status } = useSkipVotes(nowPlayingId, { asGuest: true });
  if (!status?.submission_id || status.needed === null) return null;
  return { votes: Math.min(status.votes, status.needed), needed: status.needed };
}
