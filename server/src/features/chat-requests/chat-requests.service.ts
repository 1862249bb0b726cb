import { randomBytes } from "node:crypto";
import { canonicalizeLink } from "@common/link-canonical";
import { chatRoleRank, highestChatRole, parseChatRoles, type ChatPlatform, type ChatRole, type ChatSource } from "@common/chat-requests";
import type { QueuePosition } from "@common/queue";
import type { PriorityLevel } from "@common/limits";
import type { Db } from "../../db/kysely";
import type { ChatIdentitiesTable } from "../../db/tables/chat";
import { type Clock, toIso } from "../../lib/clock";
import { AppError, ValidationError } from "../../lib/errors";
import type { EventBus } from "../../events/domain-events";
import { summarize } from "../queue/queue-events";
import type { QueueService } from "../queue/queue.service";
import type { SettingsService } from "../settings/settings.service";
import { chatRequestLines, refusalOf, type ChatRefusal } from "./chat-request-lines";
import { createChatIdentitiesRepository } from "./chat-identities.repository";

/**
 * A viewer as the platform names them. `platformUserId` decides who they are (Twitch user id, YouTube
 * channel id); `displayName` is only shown. Platform "name" is a caller known only by a name.
 */
export interface ChatIdentity {
  platform: ChatPlatform;
  platformUserId: string;
  displayName: string;
}

/**
 * Chat messages and redemptions a reader of a platform's chat handles at once (lib/keyed-turns.ts); in
 * a raid the rest wait their turn in memory.
 */
export const CHAT_EVENTS_AT_ONCE = 64;

export interface ChatRequest {
  identity: ChatIdentity;
  /** What the platform says of the viewer (badges, userLevel, member/moderator flags); unconfirmed roles left out. */
  roles: readonly ChatRole[];
  /** What followed the command: a link, or words to search for. */
  text: string;
  source: ChatSource;
  /**
   * A priority the platform has already taken payment for (a channel-point "Skip the line" reward):
   * the entry's `priority_level` and `payment_source` (e.g. "channel_points").
   */
  priority?: { level: PriorityLevel; paymentSource: string };
  /**
   * Whether the line of a queued request says the new entry's place, which waits for the queue's next
   * build (tens of milliseconds in a raid); false where nobody reads that line (a queued redemption).
   */
  withPlace?: boolean;
}

/** One line for chat, and what became of the request. */
export interface ChatReply {
  /** One line under 400 characters, addressed to the viewer. */
  line: string;
  /** The new entry, or the one withdrawn; null when nothing changed. */
  entryId: string | null;
  /** Null when queued (or withdrawn); otherwise why not: a redemption with a refusal is refunded. */
  refusal: ChatRefusal | null;
}

/** A song found by name (see the YouTube search client). */
export interface FoundSong {
  link: string;
  title: string;
  channel: string;
}

export interface ChatSongSearch {
  find(words: string): Promise<FoundSong | null>;
}

export interface ChatRequestsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  settings: SettingsService;
  queue: Pick<QueueService, "submitFromChat" | "withdrawFromChat" | "position" | "getLiveEntry">;
  /** A chat command is a sign of life of its viewer (no inactivity hold while they are in chat). */
  noteActivity?: (submitterId: string) => Promise<void> | void;
  /** Search by name; absent when no YouTube Data API key is set. */
  search?: ChatSongSearch;
}

/** Names that reach chat, bounded: a bot may pass anything. */
const NAME_MAX_LENGTH = 100;
const newIdentityId = () => `chat_${randomBytes(12).toString("base64url")}`;
const cleanName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}]+/gu, "")
    .trim()
    .replace(/^@+/, "")
    .slice(0, NAME_MAX_LENGTH) || "viewer";

/**
 * Requests from chat, on every way in (bots, the chat connection, channel points), with the web
 * submit's rules. Who a request belongs to is the chat identity, never the name: the entry's submitter
 * is the identity itself, or the account it is linked to (then a chat and a web request of that member
 * are one person, and leave one entry).
 */
export function createChatRequestsService(deps: ChatRequestsDeps) {
  const identities = createChatIdentitiesRepository(deps.db);
  const now = () => toIso(deps.clock.now());

  /** The stored identity, made on first sight, with the latest name. */
  async function identify(identity: ChatIdentity): Promise<ChatIdentitiesTable & { submitterId: string }> {
    const platformUserId = identity.platform === "name" ? cleanName(identity.platformUserId).toLowerCase() : identity.platformUserId.trim().slice(0, NAME_MAX_LENGTH);
    const at = now();
    const newId = newIdentityId();
    const row = await identities.upsert({
      id: newId,
      platform: identity.platform,
      platform_user_id: platformUserId,
      display_name: cleanName(identity.displayName),
      account_id: null,
      created_at: at,
      last_seen_at: at,
    });
    const submitterId = row.account_id ?? row.id;
    // Seen for the first time, a viewer has no entry yet to keep from an inactivity hold or to release.
    if (row.id !== newId) await deps.noteActivity?.(submitterId);
    return { ...row, submitterId };
  }

  async function positionFor(submitterId: string): Promise<QueuePosition | null> {
    try {
      return await deps.queue.position(submitterId);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }

  async function minimumRole(): Promise<ChatRole> {
    return parseChatRoles(await deps.settings.get("chatRequestMinimumRole"))[0] ?? "everyone";
  }

  return {
    /**
     * `!sr <link or words>`, a chat message or a redemption: queued with the web submit's rules, or
     * refused with the reason. Who may request (the host's least role) is checked first.
     */
    async requestFromChat(request: ChatRequest): Promise<ChatReply> {
      const name = cleanName(request.identity.displayName);
      const refuse = (refusal: ChatRefusal, detail?: Parameters<typeof chatRequestLines.refused>[2]): ChatReply => ({
        line: chatRequestLines.refused(name, refusal, detail),
        entryId: null,
        refusal,
      });
      const standing = highestChatRole(request.roles);
      const minimum = await minimumRole();
      if (chatRoleRank(standing) < chatRoleRank(minimum)) return refuse("not_allowed", { minimumRole: minimum });

      const text = request.text.trim();
      const found = await songFor(text);
      if ("refusal" in found) return refuse(found.refusal, { words: text });
      const who = await identify(request.identity);
      const exempt = parseChatRoles(await deps.settings.get("chatLimitExemptRoles")).some((role) => request.roles.includes(role));
      try {
        const entry = await deps.queue.submitFromChat({
          submitterId: who.submitterId,
          accountId: who.account_id,
          chatIdentity: `${who.platform}:${who.platform_user_id}`,
          displayName: who.display_name,
          link: found.link,
          trackTitle: found.title,
          artistName: found.channel,
          exemptFromLimits: exempt,
          priority: request.priority,
          fromChat: { identity_id: who.id, source: request.source },
        });
        const place = request.withPlace === false ? null : await positionFor(who.submitterId);
        return { line: chatRequestLines.queued(name, found.title ?? null, place, found.searched), entryId: entry.id, refusal: null };
      } catch (error) {
        if (error instanceof ValidationError) return refuse("malformed");
        const refusal = error instanceof AppError ? refusalOf(error.detail, error.status) : null;
        if (!refusal) throw error;
        return refuse(refusal, { limitSentence: refusal === "over_limit" ? (error as AppError).detail : undefined });
      }
    },

    /** `!wrongsong`: the viewer's live entry leaves the queue while it still waits or is held. */
    async withdrawLastRequest(identity: ChatIdentity): Promise<ChatReply> {
      const name = cleanName(identity.displayName);
      const who = await identify(identity);
      const live = await deps.queue.getLiveEntry(who.submitterId);
      if (!live) return { line: chatRequestLines.nothingToWithdraw(name), entryId: null, refusal: null };
      try {
        const removed = await deps.queue.withdrawFromChat(who.submitterId);
        return { line: chatRequestLines.withdrawn(name, removed.track_title), entryId: removed.id, refusal: null };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.status === 409) return { line: chatRequestLines.alreadyPlaying(name), entryId: null, refusal: null };
        if (error.status === 404) return { line: chatRequestLines.nothingToWithdraw(name), entryId: null, refusal: null };
        throw error;
      }
    },

    /** The stored chat identity of a viewer (made on first sight) and the member it is linked to, if any. */
    async identityOf(identity: ChatIdentity): Promise<{ identityId: string; accountId: string | null }> {
      const who = await identify(identity);
      return { identityId: who.id, accountId: who.account_id };
    },

    /** `!position` without a name: where the caller's own song is. */
    async positionOf(identity: ChatIdentity): Promise<ChatReply> {
      const who = await identify(identity);
      return { line: chatRequestLines.position(cleanName(identity.displayName), await positionFor(who.submitterId)), entryId: null, refusal: null };
    },

    /**
     * Links a platform identity to a member who signed in with that platform (Twitch sign-in): the
     * identity's entries join the account's history and its next requests are the account's. Callers
     * have verified the sign-in; a name-only identity is never linked. Returns how many entries moved.
     */
    async linkToAccount(identity: Omit<ChatIdentity, "platform"> & { platform: Exclude<ChatPlatform, "name"> }, accountId: string): Promise<number> {
      const who = await identify(identity);
      const { claimed, live } = await identities.linkToAccount(who.id, accountId);
      if (live) await deps.events.emit("submission.claimed", { entry: summarize({ ...live, owner_id: accountId }), from: live.status, account_id: accountId });
      return claimed;
    },
  };

  /** The link to queue: the text itself when it is a link, else the search's pick when search is on. */
  async function songFor(text: string): Promise<{ link: string; title?: string; channel?: string; searched: boolean } | { refusal: ChatRefusal }> {
    if (!text) return { refusal: deps.search ? "malformed" : "no_search" };
    const word = text.split(/\s+/)[0]!;
    if (/^https?:\/\//i.test(word) || canonicalizeLink(word)) return { link: word, searched: false };
    if (!deps.search) return { refusal: "no_search" };
    try {
      const song = await deps.search.find(text.slice(0, 200));
      if (!song) return { refusal: "not_found" };
      return { link: song.link, title: song.title, channel: song.channel, searched: true };
    } catch {
      return { refusal: "unavailable" };
    }
  }
}

export type ChatRequestsService = ReturnType<typeof createChatRequestsService>;
