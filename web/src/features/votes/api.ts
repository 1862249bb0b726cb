import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fallbackVoteUsage, VOTES_POLL_MS, type CurrentPlayed, type VoteResult, type VoteUsage } from "@common/votes";
import { api, isApiError } from "../../lib/api-client";
import { toastError } from "../../components/toast";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { useLiveMessage } from "../live";

export const votesKeys = {
  all: () => ["votes"] as const,
  /** Per member (null for guests): the answer says which songs that member voted for. */
  played: (memberId: string | null) => ["votes", "played", memberId] as const,
  usage: (memberId: string | null) => ["votes", "usage", memberId] as const,
};

const EMPTY: CurrentPlayed = { session_id: null, played: [] };

/** GET votes/session/current/played; a member's token adds which songs they voted for. */
export const playedQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: votesKeys.played(memberId),
    queryFn: () => api.get<CurrentPlayed>("votes/session/current/played", { auth: memberId ? "user" : "none" }).then((answer) => answer ?? EMPTY),
    // votes_update on the live channel refreshes at once; the poll only catches a missed message.
    refetchInterval: (query) => (query.state.data?.session_id ? VOTES_POLL_MS : false),
  });

/** GET votes/session/current/usage (members only). */
export const usageQuery = (memberId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: votesKeys.usage(memberId),
    enabled: enabled && memberId !== null,
    queryFn: () => api.get<VoteUsage>("votes/session/current/usage", { auth: "user" }),
  });

/** The signed-in member's account id, or null. */
function useMemberId(): string | null {
  const { user, signedIn } = useOwnIdentity();
  return signedIn ? (user?.user_id ?? null) : null;
}

export interface SessionVotes {
  /** null until the first answer. */
  current: CurrentPlayed | null;
  failed: boolean;
  signedIn: boolean;
  /** The member's usage; the spec's fallback when the lookup failed; null for guests. */
  usage: VoteUsage | null;
}

/** The live session's played songs and the member's usage, refreshed by votes_update. */
export function useSessionVotes(): SessionVotes {
  const memberId = useMemberId();
  const signedIn = memberId !== null;
  const client = useQueryClient();
  const played = useQuery(playedQuery(memberId));
  const live = !!played.data?.session_id;
  const usage = useQuery(usageQuery(memberId, live));
  useLiveMessage("votes_update", () => void client.invalidateQueries({ queryKey: votesKeys.all() }));
  return {
    current: played.data ?? null,
    failed: played.isError,
    signedIn,
    usage: !signedIn || !live ? null : usage.isError ? fallbackVoteUsage(live) : (usage.data ?? null),
  };
}

/** POST (vote) or DELETE (take back) votes/session/current/played/{submission_id}. */
export function useVoteAction() {
  const memberId = useMemberId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, vote }: { submissionId: string; vote: boolean }) => {
      const path = `votes/session/current/played/${encodeURIComponent(submissionId)}`;
      return (vote ? api.post<VoteResult>(path, { auth: "user" }) : api.delete<VoteResult>(path, { auth: "user" })) as Promise<VoteResult>;
    },
    onSuccess: (result) => {
      client.setQueryData(votesKeys.usage(memberId), result.usage);
      client.setQueryData<CurrentPlayed>(votesKeys.played(memberId), (current) =>
        current
          ? { ...current, played: current.played.map((song) => (song.submission_id === result.submission_id ? { ...song, votes: result.votes, voted: result.voted } : song)) }
          : current,
      );
    },
    onError: (error) => {
      toastError(isApiError(error) ? error.userMessage() : "Connection failed! Please try again.");
      void client.invalidateQueries({ queryKey: votesKeys.all() });
    },
  });
}
