import type { Session, SessionPlay } from "@common/analytics";

/** "1 h 05 min", "12 min", "40 s": a duration as a host reads it. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

const hourLabel = (date: Date) => date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * Songs played in each clock hour (local time) from the session's first hour to its last, empty hours
 * included, so a quiet stretch shows as a gap rather than disappearing.
 */
export function playsPerHour(plays: SessionPlay[]): { hour: string; Songs: number }[] {
  if (plays.length === 0) return [];
  const hourOf = (iso: string) => {
    const date = new Date(iso);
    date.setMinutes(0, 0, 0);
    return date.getTime();
  };
  const counts = new Map<number, number>();
  for (const play of plays) counts.set(hourOf(play.played_at), (counts.get(hourOf(play.played_at)) ?? 0) + 1);
  const first = Math.min(...counts.keys());
  const last = Math.max(...counts.keys());
  const rows: { hour: string; Songs: number }[] = [];
  for (let at = first; at <= last; at += 3_600_000) rows.push({ hour: hourLabel(new Date(at)), Songs: counts.get(at) ?? 0 });
  return rows;
}

/** Each song's wait in seconds, in play order, split into priority and regular for two colours. */
export function waitsInOrder(plays: SessionPlay[]): { song: string; Priority: number | null; Regular: number | null }[] {
  return plays.map((play, index) => {
    const priority = play.priority_level > 0;
    return { song: `${index + 1}. ${play.track_title}`, Priority: priority ? play.wait_seconds : null, Regular: priority ? null : play.wait_seconds };
  });
}

const average = (values: number[]) => (values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : null);

/** Priority against regular songs: how many, and their average wait in seconds. */
export function priorityVsRegular(plays: SessionPlay[]) {
  const priority = plays.filter((play) => play.priority_level > 0);
  const regular = plays.filter((play) => play.priority_level === 0);
  return {
    priority: priority.length,
    regular: regular.length,
    priorityWaitSeconds: average(priority.map((play) => play.wait_seconds)),
    regularWaitSeconds: average(regular.map((play) => play.wait_seconds)),
  };
}

/** One row per session, oldest first: song counts by kind and the average wait of each kind. */
export function acrossSessions(sessions: Session[]) {
  return [...sessions].reverse().map((session) => {
    const figures = priorityVsRegular(session.submissions_data);
    return {
      session: session.name,
      Priority: figures.priority,
      Regular: figures.regular,
      "Priority wait": figures.priorityWaitSeconds,
      "Regular wait": figures.regularWaitSeconds,
    };
  });
}

/** The played songs a Save adds: those of the played list played since the session's start. */
export function playedSince(played: { id: string; played_at: string }[], startedAt: string): string[] {
  const start = Date.parse(startedAt);
  return played.filter((entry) => Date.parse(entry.played_at) >= start).map((entry) => entry.id);
}
