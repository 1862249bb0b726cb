import { randomUUID } from "node:crypto";
import { YOUTUBE_CHAT_MESSAGES } from "@common/youtube-chat";
import { type Clock, toIso } from "../../lib/clock";
import { createKeyedTurns } from "../../lib/keyed-turns";
import { connectRedis, giveUpLease, type Redis, takeLease } from "../../lib/redis-client";
import { CHAT_EVENTS_AT_ONCE } from "../chat-requests/chat-requests.service";
import type { YoutubeChatChannel } from "./youtube-chat-channel";
import { GoogleGrantRefused, YoutubeApiError, type YoutubeChatMessage } from "./youtube-chat.client";
import type { YoutubeChatConnectionRow } from "./youtube-chat.repository";

export interface YoutubeChatReaderDeps {
  channel: YoutubeChatChannel;
  clock: Clock;
  redisUrl?: string;
  keyPrefix: string;
  /** How often a reader that does not hold the lease looks again; the lease lasts three times this. */
  leaseRenewMs?: number;
  /** A new chat message; `say` answers in the same chat. */
  onMessage(message: YoutubeChatMessage, say: (line: string) => Promise<void>): Promise<void>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** The daily quota resets at midnight Pacific time; looking twice an hour costs next to nothing. */
const QUOTA_RETRY_MS = 30 * 60_000;
const CHAT_GONE = new Set(["liveChatEnded", "liveChatNotFound", "liveChatDisabled"]);
const QUOTA = new Set(["quotaExceeded", "dailyLimitExceeded"]);

/**
 * Reads the connected channel's live chat by polling (liveBroadcasts, then liveChatMessages.list at
 * YouTube's pollingIntervalMillis with its page token). The page where reading stopped is stored, so
 * another instance taking over the Redis lease goes on from there; the first page of a newly found
 * chat is its history and is skipped. Each `step` is one look and returns how long to wait.
 */
export function createYoutubeChatReader(deps: YoutubeChatReaderDeps) {
  const { repository } = deps.channel;
  const owner = randomUUID();
  const renewMs = deps.leaseRenewMs ?? 5_000;
  const leaseKey = `${deps.keyPrefix}:youtube:chat-reader`;
  // Connected on the first look: an instance that never reads (a test, a server without Google) opens nothing.
  let redis: Redis | null = null;
  let reading = false;
  let failures = 0;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** When the next look is due (clock time); the lease is renewed in between. */
  let dueAt = 0;
  let looping = false;
  /** `check` came while a look was in progress: look again as soon as it ends. */
  let wake = false;

  const now = () => toIso(deps.clock.now());

  async function setStatus(row: YoutubeChatConnectionRow, status: string, reason: string | null, more: Partial<YoutubeChatConnectionRow> = {}): Promise<void> {
    if (row.status === status && row.status_reason === reason && Object.keys(more).length === 0) return;
    await repository.updateConnection(row.connected_at, { status, status_reason: reason, updated_at: now(), ...more });
  }

  async function holdsLease(): Promise<boolean> {
    if (!deps.redisUrl) return true;
    if (!redis) {
      redis = connectRedis(deps.redisUrl, { maxRetriesPerRequest: 1 });
      redis.on("error", (err) => deps.log.warn({ err }, "youtube reader: Redis connection error"));
    }
    return takeLease(redis, leaseKey, owner, renewMs * 3);
  }

  /** One page of the chat; a chat just found has its history skipped. */
  async function read(row: YoutubeChatConnectionRow, token: string): Promise<number> {
    const client = deps.channel.client!;
    let liveChatId = row.live_chat_id;
    let pageToken = row.page_token;
    const fresh = !liveChatId;
    if (!liveChatId) {
      liveChatId = await client.activeLiveChatId(token);
      if (!liveChatId) {
        await setStatus(row, "offline", YOUTUBE_CHAT_MESSAGES.streamOffline);
        return deps.channel.settings.offlineCheckMs;
      }
      pageToken = null;
    }
    const page = await client.listMessages(token, liveChatId, pageToken);
    if (!fresh) {
      const say = async (line: string) => {
        await client.insertMessage(token, liveChatId, line).catch((err) => deps.log.warn({ err }, "youtube reader: could not answer in chat"));
      };
      // A page's messages side by side (a raid fills one), each viewer's in the order they were sent.
      const turns = createKeyedTurns(CHAT_EVENTS_AT_ONCE);
      await Promise.all(
        page.messages.map((message) => turns.run(message.channelId, () => deps.onMessage(message, say)).catch((err) => deps.log.error({ err }, "youtube: chat message failed"))),
      );
    }
    if (page.offline) {
      await setStatus(row, "offline", YOUTUBE_CHAT_MESSAGES.streamOffline, { live_chat_id: null, page_token: null });
      return deps.channel.settings.offlineCheckMs;
    }
    await setStatus(row, "connected", null, { live_chat_id: liveChatId, page_token: page.nextPageToken });
    return Math.max(page.pollingIntervalMillis, deps.channel.settings.minPollMs);
  }

  /** What a failure means for the host, and when to look again. */
  async function failed(row: YoutubeChatConnectionRow, error: unknown): Promise<number> {
    if (error instanceof GoogleGrantRefused) return renewMs; // the channel marked the connection stopped: token revoked
    if (error instanceof YoutubeApiError) {
      if (error.reason === "insufficientPermissions") {
        await setStatus(row, "stopped", YOUTUBE_CHAT_MESSAGES.missingScope);
        return renewMs;
      }
      if (CHAT_GONE.has(error.reason)) {
        const reason = error.reason === "liveChatDisabled" ? YOUTUBE_CHAT_MESSAGES.chatDisabled : YOUTUBE_CHAT_MESSAGES.chatEnded;
        await setStatus(row, "offline", reason, { live_chat_id: null, page_token: null });
        return deps.channel.settings.offlineCheckMs;
      }
      if (QUOTA.has(error.reason)) {
        await setStatus(row, "reconnecting", YOUTUBE_CHAT_MESSAGES.quotaExceeded);
        return QUOTA_RETRY_MS;
      }
    }
    deps.log.warn({ err: error }, "youtube reader: reading the live chat failed");
    failures += 1;
    await setStatus(row, "reconnecting", null);
    return Math.min(BACKOFF_FIRST_MS * 2 ** (failures - 1), BACKOFF_MAX_MS);
  }

  async function look(): Promise<number> {
    if (!deps.channel.client || !(await holdsLease())) {
      reading = false;
      return renewMs;
    }
    const row = await repository.connection();
    reading = row !== undefined && row.status !== "stopped";
    if (!row || !reading) return renewMs;
    try {
      let token = await deps.channel.accessToken(row);
      const wait = await read(row, token).catch(async (error) => {
        // YouTube refused a token that looked valid (revoked, or expired early): refresh once, then read again.
        if (!(error instanceof YoutubeApiError && error.status === 401)) throw error;
        token = await deps.channel.accessToken(row, true);
        return read(row, token);
      });
      failures = 0;
      return wait;
    } catch (error) {
      return failed(row, error);
    }
  }

  /** One look at a time: a second caller waits for the look in progress. */
  function step(): Promise<number> {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  }

  /** Looks when the last look's wait is over; meanwhile renews the lease often enough to keep it. */
  async function loop(): Promise<void> {
    looping = true;
    try {
      if (deps.clock.now().getTime() >= dueAt) dueAt = deps.clock.now().getTime() + (await step());
      else if (!(await holdsLease())) {
        reading = false;
        dueAt = 0;
      }
    } catch (err) {
      deps.log.warn({ err }, "youtube reader: look failed");
      dueAt = deps.clock.now().getTime() + renewMs;
    }
    looping = false;
    if (wake) {
      wake = false;
      dueAt = 0;
    }
    if (!stopped) timer = setTimeout(() => void loop(), Math.max(0, Math.min(dueAt - deps.clock.now().getTime(), renewMs)));
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      void loop();
    },
    /** One look now (tests drive the reader with it); returns the wait before the next. */
    step,
    /** Looks again now, when running (after the host connected or disconnected the channel). */
    check(): void {
      if (stopped) return;
      if (looping) {
        wake = true;
        return;
      }
      if (timer) clearTimeout(timer);
      dueAt = 0;
      void loop();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      reading = false;
      const connection = redis;
      redis = null;
      if (connection) {
        await giveUpLease(connection, leaseKey, owner).catch(() => undefined);
        connection.disconnect();
      }
    },
    get isReading(): boolean {
      return reading;
    },
  };
}

export type YoutubeChatReader = ReturnType<typeof createYoutubeChatReader>;
