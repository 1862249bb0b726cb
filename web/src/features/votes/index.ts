/** Votes for the songs of the live session, as /queue shows them. */
export { playedQuery, usageQuery, votesKeys } from "./api";
export { SessionVotesSection } from "./components/session-votes-section";
