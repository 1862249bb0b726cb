/** One member's vote for one song played in a live session. */
export interface VotesTable {
  id: string;
  session_id: string;
  user_id: string;
  submission_id: string;
  created_at: string;
}

/** How many votes a member has cast in a session; updated in the vote's transaction. */
export interface VoteUsageTable {
  session_id: string;
  user_id: string;
  used: number;
}

export interface VoteTables {
  votes: VotesTable;
  vote_usage: VoteUsageTable;
}
