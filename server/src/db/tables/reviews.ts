/** The host's score of a played (or playing) song, 1 to 10, and an optional line for its artist. */
export interface SubmissionReviewsTable {
  submission_id: string;
  score: number;
  note: string | null;
  reviewed_at: string;
}

export interface ReviewTables {
  submission_reviews: SubmissionReviewsTable;
}
