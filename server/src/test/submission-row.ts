import type { SubmissionRow } from "../features/queue/queue-rules";

let count = 0;

/** What a new waiting regular entry holds beyond who sent which song, and when. */
export const WAITING_ENTRY = {
  owner_id: null,
  message: "Empty!",
  status: "waiting",
  hold_reason: null,
  priority_level: 0,
  premium_expires: null,
  payment_source: null,
  payment_reference: null,
  file_key: null,
  activated_at: null,
  played_at: null,
  removed_at: null,
  played_list_cleared: 0,
  created_by_admin: 0,
  version: 1,
  decline_reason: null,
} as const satisfies Partial<SubmissionRow>;

/** An in-memory submissions row for pure-rule tests: a waiting regular entry unless told otherwise. */
export function submissionRow(values: Partial<SubmissionRow> = {}): SubmissionRow {
  count += 1;
  return {
    ...WAITING_ENTRY,
    id: `entry-${String(count).padStart(4, "0")}`,
    user_id: `user-${count}`,
    artist_name: "A",
    track_title: "T",
    youtube_username: "c",
    username: "c",
    link: "https://example.com",
    canonical_key: "example.com",
    submitted_at: "2026-01-01T20:00:00.000Z",
    ...values,
  };
}
