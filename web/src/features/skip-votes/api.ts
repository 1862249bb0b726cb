import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SKIP_VOTE_MESSAGES, type SkipVoteStatus } from "@common/skip-votes";
import { api, isApiError } from "../../lib/api-client";
import { toastError } from "../../components/toast";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { useLiveMessage } from "../live";

export const skipVotesKeys = {
  all: () => ["skip-votes"] as const,
  /** Per song Now Playing (a new song is a new count) and per member (the answer says whether they voted). */
  current: (submissionId: string | null, memberId: string | null) => ["skip-votes", submissionId, memberId] as const,
};

/** GET skip-votes/current; a member's token adds whether they voted. */
export const skipVoteQuery = (submissionId: string | null, memberId: string | null) =>
  queryOptions({
    queryKey: skipVotesKeys.current(submissionId, memberId),
    queryFn: () => api.get<SkipVoteStatus>("skip-votes/current", { auth: memberId ? "user" : "none" }),
  });

function useMemberId(): string | null {
  const { user, signedIn } = useOwnIdentity();
  return signedIn ? (user?.user_id ?? null) : null;
}

/**
 * The skip votes of the song Now Playing (`nowPlayingId`, from the live lists), kept current by
 * skip_votes_update and by the host changing the threshold.
 */
export function useSkipVotes(nowPlayingId: string | null, options: { asGuest?: boolean } = {}) {
  const signedInId = useMemberId();
  const memberId = options.asGuest ? null : signedInId;
  const client = useQueryClient();
  const query = useQuery(skipVoteQuery(nowPlayingId, memberId));
  useLiveMessage("skip_votes_update", (message) => {
    client.setQueriesData<SkipVoteStatus>({ queryKey: skipVotesKeys.all() }, (status) =>
      status?.submission_id === message.submission_id ? { ...status, votes: Math.max(status.votes, message.votes), needed: message.needed } : status,
    );
  });
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "skipVoteThreshold") void client.invalidateQueries({ queryKey: skipVotesKeys.all() });
  });
  // The answer may be of the song before (asked just as it changed): only a count for this song is shown.
  const status = query.data && query.data.submission_id === nowPlayingId ? query.data : null;
  return { status, signedIn: memberId !== null, memberId };
}

/** POST skip-votes for the song the viewer sees playing. */
export function useSkipVote(memberId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) => api.post<SkipVoteStatus>("skip-votes", { auth: "user", json: { submission_id: submissionId } }) as Promise<SkipVoteStatus>,
    onSuccess: (status) => {
      if (!status.skipped) client.setQueryData(skipVotesKeys.current(status.submission_id, memberId), status);
    },
    onError: (error) => {
      toastError(isApiError(error) ? error.userMessage() : SKIP_VOTE_MESSAGES.voteFailed);
      void client.invalidateQueries({ queryKey: skipVotesKeys.all() });
    },
  });
}
