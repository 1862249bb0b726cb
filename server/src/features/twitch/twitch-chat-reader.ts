import { randomUUID } from "node:crypto";
import type { EventSubWsListener } from "@twurple/eventsub-ws";
import { TWITCH_MESSAGES } from "@common/twitch";
import { type Clock, toIso } from "../../lib/clock";
import type { TwitchChannel } from "./twitch-channel";
import { createKeyedTurns } from "../../lib/keyed-turns";
import { CHAT_EVENTS_AT_ONCE } from "../chat-requests/chat-requests.service";
import { connectRedis, giveUpLease, takeLease } from "../../lib/redis-client";

export interface TwitchChatMessage {
  messageId: string;
  chatterId: string;
  chatterName: string;
  text: string;
  /** Badge set ids (broadcaster, moderator, vip, subscriber, ...). */
  badges: string[];
}

export interface TwitchRedemption {
  id: string;
  rewardId: string;
  viewerId: string;
  viewerName: string;
  input: string;
  redeemedAt: string;
}

export interface ChatReaderDeps {
  channel: TwitchChannel;
  clock: Clock;
  redisUrl?: string;
  keyPrefix: string;
  /** How often the lease is taken or renewed; it lasts three times this. */
  leaseRenewMs?: number;
  onChat(message: TwitchChatMessage): Promise<void>;
  onRedemption(redemption: TwitchRedemption): Promise<void>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Reads the connected channel's chat and redemptions over EventSub WebSocket (twurple reconnects with
 * backoff and follows `session_reconnect` to the new socket before leaving the old one). With several
 * instances, only the holder of the Redis lease reads, so each message is handled by one reader.
 */
export function createTwitchChatReader(deps: ChatReaderDeps) {
  const { repository, api, settings } = deps.channel;
  const owner = randomUUID();
  const renewMs = deps.leaseRenewMs ?? 5_000;
  const leaseKey = `${deps.keyPrefix}:twitch:chat-reader`;
  const redis = deps.redisUrl ? connectRedis(deps.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", (err) => deps.log.warn({ err }, "twitch reader: Redis connection error"));
  let listener: EventSubWsListener | null = null;
  let listening: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  // A raid's events are handled side by side, each viewer's in the order Twitch sent them.
  const turns = createKeyedTurns(CHAT_EVENTS_AT_ONCE);
  const inViewersTurn = (viewerId: string, work: () => Promise<void>, what: string) => {
    turns.run(viewerId, work).catch((err) => deps.log.error({ err }, `twitch: ${what} failed`));
  };

  const noted = (write: Promise<void>) => void write.catch((err) => deps.log.warn({ err }, "twitch reader: could not record the status"));
  const setStatus = (status: string, reason: string | null) => noted(repository.updateConnection({ status, status_reason: reason, updated_at: toIso(deps.clock.now()) }));

  function failureReason(error: Error, scope: string): string {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401) return TWITCH_MESSAGES.tokenRevoked;
    if (status === 403) return TWITCH_MESSAGES.missingScope(scope);
    return error.message.slice(0, 300);
  }

  /** Starts reading `broadcasterId`'s chat as the listener for `key`, unless another look or stop() came meanwhile. */
  async function listen(broadcasterId: string, key: string): Promise<void> {
    const [{ EventSubWsListener }, apiClient] = await Promise.all([import("@twurple/eventsub-ws"), api!()]);
    if (listening !== key) return;
    const created = new EventSubWsListener({ apiClient, url: settings.eventSubWsUrl, logger: { minLevel: "critical" } });
    const chat = created.onChannelChatMessage(broadcasterId, broadcasterId, (event) => {
      const badges = Object.keys(event.badges);
      const message = { messageId: event.messageId, chatterId: event.chatterId, chatterName: event.chatterDisplayName, text: event.messageText, badges };
      inViewersTurn(event.chatterId, () => deps.onChat(message), "chat message");
    });
    created.onChannelRedemptionAdd(broadcasterId, (event) => {
      const redemption = {
        id: event.id,
        rewardId: event.rewardId,
        viewerId: event.userId,
        viewerName: event.userDisplayName,
        input: event.input,
        redeemedAt: toIso(event.redemptionDate),
      };
      inViewersTurn(event.userId, () => deps.onRedemption(redemption), "redemption");
    });
    // Once halted, the listener's other subscriptions fail as its socket closes: the first failure said why.
    const current = () => listener === created;
    created.onSubscriptionCreateSuccess(() => {
      if (current()) noted(repository.setLiveStatus("connected", toIso(deps.clock.now())));
    });
    created.onSubscriptionCreateFailure((subscription, error) => {
      if (!current()) return;
      const scope = subscription === chat ? "user:read:chat" : "channel:manage:redemptions";
      setStatus("stopped", failureReason(error, scope));
      halt();
    });
    created.onRevoke(() => {
      if (!current()) return;
      setStatus("stopped", TWITCH_MESSAGES.tokenRevoked);
      halt();
    });
    created.onUserSocketDisconnect(() => {
      if (current()) noted(repository.setLiveStatus("reconnecting", toIso(deps.clock.now())));
    });
    listener = created;
    created.start();
  }

  function halt(): void {
    const stopping = listener;
    listener = null;
    stopping?.stop();
  }

  async function holdsLease(): Promise<boolean> {
    if (!redis) return true;
    return takeLease(redis, leaseKey, owner, renewMs * 3);
  }

  /** One look: read while this instance holds the lease and a channel is connected and not stopped. */
  async function tick(): Promise<void> {
    const leader = await holdsLease();
    const row = leader && api ? await repository.connection() : undefined;
    const wanted = row && row.status !== "stopped" ? `${row.broadcaster_id}@${row.connected_at}` : null;
    if (wanted === listening) return;
    halt();
    listening = wanted;
    if (wanted && row) await listen(row.broadcaster_id, wanted);
  }

  async function loop(): Promise<void> {
    try {
      await tick();
    } catch (err) {
      deps.log.warn({ err }, "twitch reader: check failed");
    }
    if (!stopped) timer = setTimeout(() => void loop(), renewMs);
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      void loop();
    },
    /** Looks again now (after the host connected or reconnected the channel). */
    check: () => tick(),
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      halt();
      listening = null;
      if (redis) {
        await giveUpLease(redis, leaseKey, owner).catch(() => undefined);
        redis.disconnect();
      }
    },
    get isReading(): boolean {
      return listener !== null;
    },
  };
}

export type TwitchChatReader = ReturnType<typeof createTwitchChatReader>;
