import { STREAM_TIME_ZONE } from "@common/admin";
import { accountLevelOf, revenueSourceOf, type RevenueSource } from "@common/queue-admin";
import type { PlayCountRow, SubmissionDayRow } from "./entry-standing.repository";

/** How far back a streak is looked for; a longer streak reads as this many shows. */
export const STREAK_LOOKBACK_DAYS = 120;

export interface EntryStanding {
  account_level: number;
  streak_count: number;
  revenue_source: RevenueSource | null;
}

interface StandingEntry {
  user_id: string;
  owner_id: string | null;
  submitted_at: string;
  payment_source: string | null;
}

export interface StandingHistory {
  plays: PlayCountRow[];
  submissions: SubmissionDayRow[];
  /** UTC hours ("2026-01-31T22") in which songs were played: the shows. */
  playHours: string[];
}

// A show runs in the host's evening, past UTC midnight: shows are counted by the stream's own calendar day.
const showDay = new Intl.DateTimeFormat("en-CA", { timeZone: STREAM_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const dayOf = (iso: string) => showDay.format(new Date(iso));

/** The ids a submitter is known by: the entry's submitter id and its linked account. */
const identities = (entry: { user_id: string; owner_id: string | null }) => [entry.user_id, ...(entry.owner_id ? [entry.owner_id] : [])];

function indexBy<T extends { user_id: string; owner_id: string | null }>(rows: T[]): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const row of rows) {
    for (const id of identities(row)) index.set(id, [...(index.get(id) ?? []), row]);
  }
  return index;
}

/**
 * Each entry's standing from the history: its account level from the songs its submitter has had
 * played, its streak of consecutive shows (days with plays, in the stream's time zone) with a
 * submission up to the entry's own, and the kind of revenue its priority came from.
 */
export function computeStandings<T extends StandingEntry>(entries: T[], history: StandingHistory): Map<T, EntryStanding> {
  const playsById = indexBy(history.plays);
  const submissionsById = indexBy(history.submissions);
  const showDays = [...new Set(history.playHours.map((hour) => dayOf(`${hour}:00:00.000Z`)))];
  const standings = new Map<T, EntryStanding>();
  for (const entry of entries) {
    const ids = identities(entry);
    const plays = new Set(ids.flatMap((id) => playsById.get(id) ?? []));
    const played = [...plays].reduce((sum, row) => sum + row.played, 0);
    const ownDays = new Set(ids.flatMap((id) => submissionsById.get(id) ?? []).map((row) => dayOf(row.submitted_at)));
    const entryDay = dayOf(entry.submitted_at);
    const shows = [...new Set([...showDays, entryDay])]
      .filter((day) => day <= entryDay)
      .sort()
      .reverse();
    let streak = 0;
    for (const day of shows) {
      if (!ownDays.has(day) && day !== entryDay) break;
      streak += 1;
    }
    standings.set(entry, { account_level: accountLevelOf(played), streak_count: streak, revenue_source: revenueSourceOf(entry.payment_source) });
  }
  return standings;
}
