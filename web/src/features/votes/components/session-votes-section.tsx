import { useSessionVotes, useVoteAction } from "../api";
import { PlayedVotesList } from "./played-votes-list";

/** /queue's votes: shown only while the host has a session live. */
export function SessionVotesSection() {
  const { current, failed, signedIn, usage } = useSessionVotes();
  const action = useVoteAction();
  if (!current?.session_id) return null;
  return (
    <PlayedVotesList
      current={current}
      failed={failed}
      signedIn={signedIn}
      usage={usage}
      busyId={action.isPending ? (action.variables?.submissionId ?? null) : null}
      onToggleVote={(song) => action.mutate({ submissionId: song.submission_id, vote: !song.voted })}
    />
  );
}
