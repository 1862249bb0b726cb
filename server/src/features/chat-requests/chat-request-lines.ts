import { whoMayRequest, type ChatRole } from "@common/chat-requests";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES, type QueuePosition } from "@common/queue";
import { fitChatLine } from "../chat/chat-lines";

/** Why a chat request was not queued; anything but "queued" means a redemption is refunded. */
export const CHAT_REFUSALS = [
  "not_allowed",
  "closed",
  "paused",
  "banned",
  "song_banned",
  "over_limit",
  "blocked_word",
  "too_long",
  "already_queued",
  "duplicate",
  "malformed",
  "no_search",
  "not_found",
  "unavailable",
] as const;
export type ChatRefusal = (typeof CHAT_REFUSALS)[number];

/** The refusal a queue error stands for, read from the one catalogue both share; null for an unexpected error. */
export function refusalOf(detail: string, status: number): ChatRefusal | null {
  const known: Record<string, ChatRefusal> = {
    [MESSAGES.queueClosed]: "closed",
    [QUEUE_MESSAGES.submissionsPaused]: "paused",
    [MESSAGES.submitterBanned]: "banned",
    [MESSAGES.linkBanned]: "song_banned",
    [MESSAGES.blockedWord]: "blocked_word",
    [MESSAGES.alreadyInQueue]: "already_queued",
    [MESSAGES.duplicateLink]: "duplicate",
    [MESSAGES.invalidLink]: "malformed",
    [MESSAGES.linkRequired]: "malformed",
  };
  // The per-person limit's sentence carries the host's number.
  return known[detail] ?? (status === 403 ? "over_limit" : null);
}

const minutes = (count: number) => (count === 1 ? "1 min" : `${count} min`);
const quoted = (title: string | null) => (title ? ` "${title}"` : " your song");

/** Every line a viewer reads after a chat command, addressed to them, one line under 400 characters. */
export const chatRequestLines = {
  queued: (name: string, title: string | null, position: QueuePosition | null, searched: boolean) => {
    const where = position?.position ? ` at #${position.position}, about ${minutes(position.estimated_wait ?? 0)} to wait` : "";
    return fitChatLine(`@${name}: queued${quoted(title)}${where}.${searched ? " Not the one you meant? Type !wrongsong." : ""}`);
  },
  refused: (name: string, refusal: ChatRefusal, detail: { minimumRole?: ChatRole; limitSentence?: string; words?: string } = {}) => {
    const why: Record<ChatRefusal, string> = {
      not_allowed: `only ${whoMayRequest(detail.minimumRole ?? "everyone")} can request songs here.`,
      closed: "the queue is closed right now, so your song was not added.",
      paused: "requests are paused right now. Try again soon.",
      banned: "you can't request songs here: the host has banned you.",
      song_banned: "the host has banned that song.",
      over_limit: detail.limitSentence ?? "you have sent the most songs the host allows this stream.",
      blocked_word: "that song has a word the host doesn't allow.",
      too_long: detail.limitSentence ?? "that song is longer than the host takes.",
      already_queued: "you already have a song in the queue. Type !wrongsong to take it out first.",
      duplicate: "that song is already in the queue.",
      malformed: "that is not a song link. Send a link, like !sr https://youtu.be/dQw4w9WgXcQ",
      no_search: "send a song link after !sr, like !sr https://youtu.be/dQw4w9WgXcQ",
      not_found: `no song found for "${(detail.words ?? "").slice(0, 100)}". Try other words or a link.`,
      unavailable: "your request could not be added right now. Please try again in a moment.",
    };
    return fitChatLine(`@${name}: ${why[refusal]}`);
  },
  withdrawn: (name: string, title: string) => fitChatLine(`@${name}: took "${title}" out of the queue.`),
  nothingToWithdraw: (name: string) => fitChatLine(`@${name}: you have no song waiting in the queue.`),
  alreadyPlaying: (name: string) => fitChatLine(`@${name}: your song is playing already, so it stays.`),
  position: (name: string, position: QueuePosition | null) => {
    if (!position) return fitChatLine(`@${name}: you have no song in the queue right now.`);
    if (position.status === "active") return fitChatLine(`@${name}: your song is playing now!`);
    if (position.status === "on_hold") return fitChatLine(`@${name}: your song is on hold for now.`);
    return fitChatLine(`@${name}: your song is #${position.position} in the queue, about ${minutes(position.estimated_wait ?? 0)} to go.`);
  },
};
