import type { Session, SessionPlay } from "@common/analytics";
import type { PriorityLevel } from "@common/limits";
import type { SessionPlayRow, SessionRow } from "./analytics.repository";

const presentPlay = (play: SessionPlayRow): SessionPlay => ({
  submission_id: play.submission_id,
  artist_name: play.artist_name,
  track_title: play.track_title,
  username: play.username,
  priority_level: play.priority_level as PriorityLevel,
  submitted_at: play.submitted_at,
  played_at: play.played_at,
  wait_seconds: play.wait_seconds,
  skipped: play.skipped === 1,
});

/** A session as the wire shows it; `plays` are its own, in play order, and `now` times a live one. */
export function presentSession(row: SessionRow, plays: SessionPlayRow[], now: Date): Session {
  const end = row.ended_at ? Date.parse(row.ended_at) : now.getTime();
  return {
    session_id: row.id,
    name: row.name,
    started_at: row.started_at,
    duration: Math.max(0, Math.round((end - Date.parse(row.started_at)) / 1000)),
    submissions_count: plays.length,
    priority_count: plays.filter((play) => play.priority_level > 0).length,
    skipped_count: plays.filter((play) => play.skipped === 1).length,
    submissions_data: plays.map(presentPlay),
    is_live: row.is_live === 1,
    ended_at: row.ended_at,
    saved_at: row.saved_at,
  };
}
