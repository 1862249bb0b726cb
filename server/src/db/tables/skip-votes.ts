/** One person's vote to skip one song: a member by account id, a chat viewer by chat identity. */
export interface SkipVotesTable {
  submission_id: string;
  /** "member:<account id>" or "chat:<chat identity id>"; a linked chat identity votes as its member. */
  voter_key: string;
  voter_kind: "member" | "chat";
  created_at: string;
}

export interface SkipVoteTables {
  skip_votes: SkipVotesTable;
}
