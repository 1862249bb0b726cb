import {
  LOYALTY_MESSAGES,
  WATCH_PING_MAX_CREDIT_SECONDS,
  WATCH_PING_MIN_INTERVAL_SECONDS,
  type FastPassBalances,
  type FastPassGrantInput,
  type FastPassGrantResponse,
  type LoyaltyBalance,
  type WatchPingRefusal,
  type WatchPingResponse,
} from "@common/loyalty";
import type { Db } from "../../db/kysely";
import type { EventBus } from "../../events/domain-events";
import { type Actor, requireActiveAdmin, requireAdmin, requireMember } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { AuditRecorder } from "../audit/audit.service";
import type { SettingsService } from "../settings/settings.service";
import type { FastPassSpender } from "../queue/queue.service";
import { createLoyaltyRepository } from "./loyalty.repository";

export interface LoyaltyServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  settings: SettingsService;
  audit: AuditRecorder;
  /** A counted watch ping is also a sign of life for inactivity holds. */
  noteActivity(userId: string): unknown;
  /** The video live right now (asked of YouTube), or null. */
  liveVideoId(): Promise<string | null>;
}

/** Spends one token inside the submission's transaction; the queue calls it with the new entry's id. */
export function createFastPassSpender(deps: { db: Db; clock: Clock }): FastPassSpender {
  const repository = createLoyaltyRepository(deps.db);
  return {
    async spend(trx, { userId, level, entryId }) {
      if ((await repository.lockAndCount(trx, userId, level)) < 1) throw badRequest(LOYALTY_MESSAGES.noToken(level));
      await repository.insertLedgerRow(trx, {
        id: newId(),
        user_id: userId,
        source: "spend",
        priority_level: level,
        count: -1,
        admin_id: null,
        submission_id: entryId,
        created_at: toIso(deps.clock.now()),
      });
    },
  };
}

/** Fast Pass balances, admin grants and tokens earned by watching the live stream. */
export function createLoyaltyService(deps: LoyaltyServiceDeps) {
  const repository = createLoyaltyRepository(deps.db);
  const minutesPerToken = async () => Number(await deps.settings.get("watchMinutesPerToken"));

  async function pingAnswer(userId: string, accepted: boolean, reason: WatchPingRefusal | null, watched?: number, granted = false): Promise<WatchPingResponse> {
    const minutes = watched ?? (await repository.watchedMinutes(userId));
    const per = await minutesPerToken();
    return { accepted, reason, watched_minutes: minutes, minutes_to_next_token: per - (minutes % per), token_granted: granted };
  }

  return {
    async balance(actor: Actor): Promise<LoyaltyBalance> {
      const userId = requireMember(actor);
      return repository.balance(userId);
    },

    /** What the listed members hold, for the Fast Pass Manager: any admin may look. */
    async balances(actor: Actor, userIds: string[]): Promise<FastPassBalances> {
      requireAdmin(actor);
      return { balances: await repository.balances([...new Set(userIds)]) };
    },

    /** An admin gives a member `count` tokens of one tier; the member's open tabs are told. */
    async grant(actor: Actor, input: FastPassGrantInput): Promise<FastPassGrantResponse> {
      const admin = requireActiveAdmin(actor);
      if (!(await repository.userExists(input.user_id))) throw notFound(LOYALTY_MESSAGES.userNotFound);
      await repository.transaction(async (trx) => {
        await repository.insertLedgerRow(trx, {
          id: newId(),
          user_id: input.user_id,
          source: input.source,
          priority_level: input.priority_level,
          count: input.count,
          admin_id: admin.kind === "admin" ? admin.adminId : null,
          submission_id: null,
          created_at: toIso(deps.clock.now()),
        });
        await deps.audit.record(trx, {
          actor,
          action: "fastpass.granted",
          details: { user_id: input.user_id, priority_level: input.priority_level, count: input.count, source: input.source },
        });
      });
      await deps.events.emit("loyalty.changed", { user_id: input.user_id });
      return { user_id: input.user_id, priority_level: input.priority_level, count: input.count, balance: await repository.balance(input.user_id) };
    },

    /**
     * Watch time, counted only while YouTube says the stream is live, for that stream's video, and at least
     * 50 s after this member's previous counted ping, which credits the real seconds since then (at most
     * 60); every `watchMinutesPerToken` whole minutes earn one Premium token. Tabs and scripts pinging
     * faster simply get `accepted: false`, and pinging every 50 s earns 50 s, not a minute.
     */
    async watchPing(actor: Actor, videoId: string): Promise<WatchPingResponse> {
      const userId = requireMember(actor);
      const live = await deps.liveVideoId();
      if (!live) return pingAnswer(userId, false, "no_live_stream");
      if (live !== videoId) return pingAnswer(userId, false, "wrong_video");
      const now = deps.clock.now();
      const per = await minutesPerToken();
      const notAfter = new Date(now.getTime() - WATCH_PING_MIN_INTERVAL_SECONDS * 1000);
      const tokensAt = (seconds: number) => Math.floor(seconds / 60 / per);
      const credited = await repository.transaction(async (trx) => {
        const seconds = await repository.creditWatchTime(trx, userId, now, notAfter, WATCH_PING_MAX_CREDIT_SECONDS);
        if (seconds === null) return null;
        const granted = tokensAt(seconds.after) > tokensAt(seconds.before);
        if (granted) {
          await repository.insertLedgerRow(trx, {
            id: newId(),
            user_id: userId,
            source: "watch_time",
            priority_level: 1,
            count: 1,
            admin_id: null,
            submission_id: null,
            created_at: toIso(now),
          });
        }
        return { minutes: Math.floor(seconds.after / 60), granted };
      });
      if (credited === null) return pingAnswer(userId, false, "too_soon");
      deps.noteActivity(userId);
      const answer = await pingAnswer(userId, true, null, credited.minutes, credited.granted);
      if (answer.token_granted) await deps.events.emit("loyalty.changed", { user_id: userId });
      return answer;
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
