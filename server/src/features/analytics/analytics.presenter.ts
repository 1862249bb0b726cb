import { SESSION_TOP_SCORED_COUNT, type Session, type SessionPlay } from "@common/analytics";
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
  score: play.score,
  skipped: play.skipped === 1,
});

/** Songs the host scored, best first (ties in play order), at most SESSION_TOP_SCORED_COUNT. */
function topScored(plays: SessionPlayRow[]): SessionPlay[] {
  const scored = plays.filter((play) => play.score !== null);
  return scored
    .map((play, index) => ({ play, index }))
    .sort((a, b) => b.play.score! - a.play.score! || a.index - b.index)
    .slice(0, SESSION_TOP_SCORED_COUNT)
    .map(({ play }) => presentPlay(play));
}

/** The mean of the scores given, to one decimal; null when nothing was scored. */
function averageScore(plays: SessionPlayRow[]): number | null {
  const scores = plays.flatMap((play) => (play.score === null ? [] : [play.score]));
  return scores.length === 0 ? null : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10;
}

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
    average_score: averageScore(plays),
    top_scored: topScored(plays),
    is_live: row.is_live === 1,
    ended_at: row.ended_at,
    saved_at: row.saved_at,
  };
}
