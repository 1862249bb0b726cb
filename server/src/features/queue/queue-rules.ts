import { DEFAULT_SONG_SECONDS } from "@common/limits";
import { QUEUE_MESSAGES, type QueuePosition, type QueueType } from "@common/queue";
import type { SubmissionsTable } from "../../db/tables/core";

export type SubmissionRow = SubmissionsTable;

/** Waiting and On Hold: priority first, then first come first served; the id breaks exact ties. */
export function compareQueued(a: SubmissionRow, b: SubmissionRow): number {
  return b.priority_level - a.priority_level || compareText(a.submitted_at, b.submitted_at) || compareText(a.id, b.id);
}

/** Now Playing: in the order entries were moved there; the first is the current song. */
export function compareActive(a: SubmissionRow, b: SubmissionRow): number {
  return compareText(a.activated_at ?? "", b.activated_at ?? "") || compareText(a.submitted_at, b.submitted_at) || compareText(a.id, b.id);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Play {
  activated_at: string | null;
  played_at: string | null;
}

/** Average seconds a song stayed in Now Playing over the given plays; the default before any history. */
export function averagePlaySeconds(plays: Play[]): number {
  const durations = plays
    .map((play) => (play.activated_at && play.played_at ? (Date.parse(play.played_at) - Date.parse(play.activated_at)) / 1000 : NaN))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  if (durations.length === 0) return DEFAULT_SONG_SECONDS;
  return durations.reduce((sum, seconds) => sum + seconds, 0) / durations.length;
}

/** Seconds of the current song still to play: its expected length minus the time since it started, never below 0. */
export function remainingSeconds(expectedSeconds: number, activatedAt: string | null, now: Date): number {
  if (!activatedAt) return expectedSeconds;
  const elapsed = (now.getTime() - Date.parse(activatedAt)) / 1000;
  return Math.max(0, expectedSeconds - Math.max(0, elapsed));
}

/** Whole minutes, rounded up so that a wait of a few seconds still reads as a minute rather than none. */
export const toWaitMinutes = (seconds: number) => Math.ceil(Math.max(0, seconds) / 60);

interface IndexedEntry {
  status: QueueType;
  /** 1-based rank in Waiting; 0 otherwise. */
  rank: number;
  /** Expected seconds of the Waiting entries ahead of this one, plus the Now Playing entries after the current. */
  aheadSeconds: number;
  /** On hold until the host approves it (approval first). */
  awaitingApproval?: boolean;
}

export interface PositionIndex {
  waitingCount: number;
  /** Expected seconds of every Waiting entry and the Now Playing entries after the current: what a new entry waits for. */
  queuedSeconds: number;
  current: { activatedAt: string | null; expectedSeconds: number } | null;
  entries: Map<string, IndexedEntry>;
}

/**
 * Ranks every live submitter once per list version, so a position lookup is a map read. Entries are
 * found by user_id, and by owner_id for a guest entry linked to an account.
 */
export function buildPositionIndex(lists: Record<QueueType, SubmissionRow[]>, expectedSecondsOf: (entry: SubmissionRow) => number): PositionIndex {
  const entries = new Map<string, IndexedEntry>();
  const add = (entry: SubmissionRow, indexed: IndexedEntry) => {
    entries.set(entry.user_id, indexed);
    if (entry.owner_id && !entries.has(entry.owner_id)) entries.set(entry.owner_id, indexed);
  };
  const [first, ...restActive] = lists.active;
  let ahead = restActive.reduce((sum, entry) => sum + expectedSecondsOf(entry), 0);
  for (const entry of lists.active) add(entry, { status: "active", rank: 0, aheadSeconds: 0 });
  lists.waiting.forEach((entry, i) => {
    add(entry, { status: "waiting", rank: i + 1, aheadSeconds: ahead });
    ahead += expectedSecondsOf(entry);
  });
  for (const entry of lists.on_hold) add(entry, { status: "on_hold", rank: 0, aheadSeconds: 0, awaitingApproval: entry.hold_reason === "approval" });
  return {
    waitingCount: lists.waiting.length,
    queuedSeconds: ahead,
    current: first ? { activatedAt: first.activated_at, expectedSeconds: expectedSecondsOf(first) } : null,
    entries,
  };
}

/** Whole minutes a song submitted at `now` would wait: the rest of the current song and everything queued. */
export function waitForNewEntry(index: PositionIndex, now: Date): number {
  const currentRemaining = index.current ? remainingSeconds(index.current.expectedSeconds, index.current.activatedAt, now) : 0;
  return toWaitMinutes(currentRemaining + index.queuedSeconds);
}

/** The QueuePosition of a submitter at `now`, or null when that submitter has nothing live. */
export function positionOf(index: PositionIndex, userId: string, now: Date): QueuePosition | null {
  const entry = index.entries.get(userId);
  if (!entry) return null;
  const total_in_queue = index.waitingCount;
  if (entry.status === "active") {
    return { status: "active", position: null, message: QUEUE_MESSAGES.positionActive, estimated_wait: 0, total_ahead: 0, total_in_queue };
  }
  if (entry.status === "on_hold") {
    const message = entry.awaitingApproval ? QUEUE_MESSAGES.positionAwaitingApproval : QUEUE_MESSAGES.positionOnHold;
    return { status: "on_hold", position: null, message, estimated_wait: null, total_ahead: 0, total_in_queue };
  }
  const currentRemaining = index.current ? remainingSeconds(index.current.expectedSeconds, index.current.activatedAt, now) : 0;
  return {
    status: "waiting",
    position: entry.rank,
    message: QUEUE_MESSAGES.positionWaiting(entry.rank),
    estimated_wait: toWaitMinutes(currentRemaining + entry.aheadSeconds),
    total_ahead: entry.rank - 1,
    total_in_queue,
  };
}
