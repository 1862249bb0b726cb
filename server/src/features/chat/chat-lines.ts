import { CHAT_LINE_MAX_LENGTH } from "@common/moderation";
import type { QueuePosition } from "@common/queue";
import type { SubmissionRow } from "../queue/queue-rules";
import type { QueueChatView } from "../queue/queue.service";

/**
 * The one-line answers the bots post in chat. Every line starts with our own words, so a title or a
 * name can never make it read as a chat command ("/ban ..."), and none is longer than a bot takes.
 */
export function fitChatLine(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length <= CHAT_LINE_MAX_LENGTH ? line : `${line.slice(0, CHAT_LINE_MAX_LENGTH - 1).trimEnd()}…`;
}

const song = (row: SubmissionRow) => `"${row.track_title}" by ${row.artist_name}, requested by ${row.youtube_username}`;
const minutes = (count: number) => (count === 1 ? "1 min" : `${count} min`);
const songs = (count: number) => (count === 1 ? "1 song" : `${count} songs`);

export const chatLines = {
  unknownSecret: "This chat command link is not valid any more. Ask the host for the new one.",

  /** Over the limit: a bot posts whatever it gets, so this is a sentence, never JSON. */
  tooManyRequests: (retryAfterSeconds: number) => `Too many chat commands right now: try again in ${retryAfterSeconds <= 1 ? "a second" : `${retryAfterSeconds} seconds`}.`,

  song: (view: QueueChatView) => (view.nowPlaying ? `Now playing: ${song(view.nowPlaying)}.` : "Nothing is playing right now."),

  next: (view: QueueChatView) => (view.next ? `Up next: ${song(view.next)}.` : "Nothing is up next: the queue is empty."),

  queue: (view: QueueChatView, joinUrl: string) => {
    if (!view.isOpen) return `The queue is closed right now. ${songs(view.waitingCount)} waiting.`;
    if (view.waitingCount === 0) return `The queue is empty: a request now plays next. Join at ${joinUrl}`;
    return `The queue has ${songs(view.waitingCount)} waiting, about ${minutes(view.waitMinutes)} for a new request. Join at ${joinUrl}`;
  },

  positionNeedsName: "Add a name after the command, like !position yourname.",
  /** A request or !wrongsong whose bot told us nobody: the command text is missing the caller. */
  callerUnknown: "Could not tell who asked: the host needs to paste this command again from the queue's chat page.",
  fossabotRefused: "This request could not be confirmed as coming from Fossabot, so it was not taken.",
  fossabotUnavailable: "Fossabot could not confirm who asked right now. Please try again in a moment.",
  unavailable: "The queue could not answer right now. Please try again in a moment.",
  /** `!skip`: the count after the caller's vote, or that it was theirs already, or that it skipped the song. */
  skipVote: (name: string, vote: { counted: boolean; skipped: boolean; votes: number; needed: number | null; track_title: string }) => {
    const count = `${vote.votes} / ${vote.needed ?? vote.votes}`;
    if (vote.skipped) return `Skip vote from ${name} counted (${count}): "${vote.track_title}" is skipped.`;
    if (!vote.counted) return `Already counted: ${name} voted to skip "${vote.track_title}" before (${count}).`;
    return `Skip vote from ${name} counted: ${count} to skip "${vote.track_title}".`;
  },

  position: (name: string, found: { entry: SubmissionRow; position: QueuePosition } | null) => {
    if (!found) return `No song from ${name} in the queue right now.`;
    const { entry, position } = found;
    if (position.status === "active") return `Song of ${entry.youtube_username}: playing now!`;
    if (position.status === "on_hold") return `Song of ${entry.youtube_username}: on hold for now.`;
    return `Song of ${entry.youtube_username}: #${position.position} in the queue, about ${minutes(position.estimated_wait ?? 0)} to go.`;
  },

  link: (view: QueueChatView, joinUrl: string) => (view.isOpen ? `Send your song at ${joinUrl}` : `The queue is closed right now; it opens when the stream starts: ${joinUrl}`),
};
