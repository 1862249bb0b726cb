/** Votes to skip the song Now Playing: the queue page's bar and the overlay's count. */
export { skipVoteQuery, skipVotesKeys } from "./api";
export { SkipVoteBar, SKIP_VOTE_TEXT } from "./components/skip-vote-bar";
export { SkipVoteSection, useSkipVoteCount } from "./components/skip-vote-section";
