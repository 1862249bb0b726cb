import { CHAT_COMMANDS, type ChatCommand } from "@common/moderation";
import type { ChatRole } from "@common/chat-requests";
import type { Db } from "../../db/kysely";
import type { EventBus } from "../../events/domain-events";
import type { Outbox } from "../../events/outbox";
import { type Clock, toIso } from "../../lib/clock";
import type { ChatService } from "../chat/chat.service";
import type { ChatRequestsService } from "../chat-requests/chat-requests.service";
import type { TwitchChannel } from "./twitch-channel";
import type { TwitchChatMessage, TwitchRedemption } from "./twitch-chat-reader";

/** What the built-in chat connection needs of the chat features: the request core and the command lines. */
export interface TwitchChatDeps {
  chatRequests: Pick<ChatRequestsService, "requestFromChat" | "linkToAccount">;
  chat: Pick<ChatService, "answerConnected">;
  /** The app's public address, for the lines that send people to the queue page. */
  site: string;
  /** Puts a "Skip the line" redemption's entry ahead of the plain requests (a Fast Pass tier paid in points). */
  skipTheLine: (entryId: string, redemptionId: string) => Promise<void>;
}

/** Chat ids kept to spot a redelivery; Twitch redelivers within minutes. */
const SEEN_KEEP_MS = 24 * 3600_000;
const CHAT_LINE_MAX = 400;
const COMMAND = /^!(\w+)(?:\s+(.*))?$/s;
/** Twitch badge set ids that say a viewer's standing; other badges say nothing of it. */
const BADGE_ROLES: Record<string, ChatRole> = { broadcaster: "broadcaster", moderator: "moderator", vip: "vip", subscriber: "subscriber", founder: "subscriber" };

/** A redemption neither queued nor refused this long after it came was cut short (an instance stopped midway). */
const STUCK_AFTER_MS = 10 * 60_000;
/** Our clock and Twitch's `redeemed_at` may differ a little. */
const CLOCK_SKEW_MS = 60_000;
const removedLine = (viewer: string) => `@${viewer} Your song request was removed from the queue before it was played.`;
const interruptedLine = (viewer: string) => `@${viewer} Your song request could not be queued: the app was interrupted. Please request it again.`;

const clipLine = (line: string) => (line.length > CHAT_LINE_MAX ? `${line.slice(0, CHAT_LINE_MAX - 1)}…` : line);
const isCommand = (word: string): word is ChatCommand => (CHAT_COMMANDS as readonly string[]).includes(word);

/**
 * Twitch chat and channel points into the queue. A redemption is recorded once (its id), becomes a
 * request, and is settled once: FULFILLED when played, CANCELED (points refunded) when refused or removed
 * unplayed. Settling goes through the outbox, so a Twitch outage delays a refund and never loses it.
 */
export function createTwitchRequestsService(deps: TwitchChatDeps & { db: Db; clock: Clock; outbox: Outbox; events: EventBus; channel: TwitchChannel }) {
  const { repository } = deps.channel;

  async function say(broadcasterId: string, line: string): Promise<void> {
    const api = deps.channel.api;
    if (api) await (await api()).chat.sendChatMessage(broadcasterId, clipLine(line));
  }

  /** Settles a redemption once, in `trx` with the change that decided it; `reason` is the viewer's chat line for a refund. */
  async function settle(trx: Db, redemptionId: string, status: "FULFILLED" | "CANCELED", reason: string | null): Promise<void> {
    const row = await trx.selectFrom("twitch_redemptions").selectAll().where("id", "=", redemptionId).executeTakeFirst();
    const connection = await repository.connection(trx);
    if (!row || !connection || !(await repository.decide(trx, redemptionId, status))) return;
    const payload = { redemption_id: row.id, reward_id: row.reward_id, broadcaster_id: connection.broadcaster_id, status, viewer_name: row.viewer_name, reason };
    await deps.outbox.enqueue(trx, "twitch.redemption_status", payload, `twitch:redemption:${row.id}`);
  }

  deps.outbox.handle(
    "twitch.redemption_status",
    async (job) => {
      const api = deps.channel.api;
      if (!api) throw new Error("Twitch is not configured");
      try {
        await (await api()).channelPoints.updateRedemptionStatusByIds(job.broadcaster_id, job.reward_id, [job.redemption_id], job.status);
      } catch (error) {
        // 404: no UNFULFILLED redemption with this id any more, so an earlier run already settled it.
        if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      }
      if (job.status === "CANCELED" && job.reason) {
        await say(job.broadcaster_id, `${job.reason} Your points were refunded.`).catch(() => undefined);
      }
    },
    { retryForever: true },
  );

  // Played: the redemption is FULFILLED in the same transaction as the play.
  deps.outbox.onEnqueue("submission.played", async (trx, event) => {
    const redemption = await repository.redemptionOfEntry(trx, event.entry.id);
    if (redemption) await settle(trx, redemption.id, "FULFILLED", null);
  });

  // Removed unplayed: refunded. Every instance hears the event; `decide` lets one of them settle it.
  deps.events.on("submission.removed", (event) => {
    void deps.db
      .transaction()
      .execute(async (trx) => {
        const redemption = await repository.redemptionOfEntry(trx, event.entry.id);
        if (redemption) await settle(trx, redemption.id, "CANCELED", removedLine(redemption.viewer_name));
      })
      .catch(() => undefined);
  });

  return {
    async onRedemption(redemption: TwitchRedemption): Promise<void> {
      const connection = await repository.connection();
      if (!connection) return;
      if (redemption.rewardId !== connection.request_reward_id && redemption.rewardId !== connection.skip_reward_id) return;
      const row = {
        id: redemption.id,
        reward_id: redemption.rewardId,
        viewer_id: redemption.viewerId,
        viewer_name: redemption.viewerName,
        user_input: redemption.input,
        entry_id: null,
        refusal: null,
        final_status: null,
        redeemed_at: redemption.redeemedAt,
      };
      if (!(await repository.insertRedemption(row))) return;
      const answer = await deps.chatRequests.requestFromChat({
        identity: { platform: "twitch", platformUserId: redemption.viewerId, displayName: redemption.viewerName },
        roles: [],
        text: redemption.input,
        source: "twitch_points",
        // A queued redemption is not answered in chat: Twitch shows it to the viewer.
        withPlace: false,
      });
      if (answer.entryId) {
        await repository.linkEntry(redemption.id, answer.entryId);
        if (redemption.rewardId === connection.skip_reward_id) await deps.skipTheLine(answer.entryId, redemption.id);
        return;
      }
      await deps.db.transaction().execute(async (trx) => {
        await repository.recordRefusal(trx, redemption.id, answer.line);
        await settle(trx, redemption.id, "CANCELED", answer.line);
      });
    },

    async onChat(message: TwitchChatMessage): Promise<void> {
      const [, word, rest = ""] = COMMAND.exec(message.text.trim()) ?? [];
      const command = word?.toLowerCase();
      if (!command || !isCommand(command)) return;
      if (!(await repository.markSeen(message.messageId, toIso(deps.clock.now())))) return;
      const connection = await repository.connection();
      if (!connection) return;
      const roles = [...new Set(message.badges.map((badge) => BADGE_ROLES[badge]).filter((role): role is ChatRole => role !== undefined))];
      const identity = { platform: "twitch" as const, platformUserId: message.chatterId, displayName: message.chatterName };
      const line = await deps.chat.answerConnected(command, deps.site, { name: rest, text: rest, claim: { kind: "known", source: "twitch_chat", identity, roles } });
      if (line) await say(connection.broadcaster_id, line);
    },

    /**
     * Finishes redemptions an instance stopped handling midway (recorded, but neither linked to an
     * entry nor settled): the entry it made is linked (and settled if already played or removed),
     * else the redemption is canceled so Twitch refunds the points. Settling is once, through the outbox.
     */
    async settleStuckRedemptions(): Promise<number> {
      const now = deps.clock.now().getTime();
      const stuck = await repository.stuckRedemptions(toIso(new Date(now - STUCK_AFTER_MS)));
      for (const row of stuck) {
        const entryId = await repository.unlinkedEntryOf(row.viewer_id, toIso(new Date(Date.parse(row.redeemed_at) - CLOCK_SKEW_MS)));
        if (entryId) {
          await repository.linkEntry(row.id, entryId);
          // Read after linking: a play or removal from now on finds the link and settles it itself.
          const status = await repository.entryStatus(entryId);
          if (status === "played") await deps.db.transaction().execute((trx) => settle(trx, row.id, "FULFILLED", null));
          if (status === "removed" || status === undefined) await deps.db.transaction().execute((trx) => settle(trx, row.id, "CANCELED", removedLine(row.viewer_name)));
          continue;
        }
        const line = interruptedLine(row.viewer_name);
        await deps.db.transaction().execute(async (trx) => {
          await repository.recordRefusal(trx, row.id, line);
          await settle(trx, row.id, "CANCELED", line);
        });
      }
      return stuck.length;
    },

    /** A recorded redemption and what became of it. */
    redemption: (id: string) => repository.redemption(id),

    /** Forgets chat message ids old enough that Twitch will not deliver them again. */
    forgetOldChat: () => repository.forgetSeenBefore(toIso(new Date(deps.clock.now().getTime() - SEEN_KEEP_MS))),
  };
}

export type TwitchRequestsService = ReturnType<typeof createTwitchRequestsService>;
