import { MESSAGES } from "@common/messages";
import type { Clock } from "../../lib/clock";
import { type Actor, provenIds, requireActiveAdmin } from "../../lib/access";
import { forbidden, unauthorized } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import type { Db } from "../../db/kysely";
import type { QueueService } from "../queue/queue.service";
import type { SettingsService } from "../settings/settings.service";
import { createActivityRepository } from "./activity.repository";

/** Sockets and position lookups report activity constantly; one write per user per window is plenty. */
const WRITE_EVERY_MS = 30_000;
/** Buffered signs of life reach the database within this delay, in one batch. */
const FLUSH_DELAY_MS = 1000;
/** Above this many remembered users, forget those whose window has passed. */
const PRUNE_ABOVE = 10_000;

/**
 * Signs of life of submitters (activity calls, position lookups, tagged sockets, watch pings), and
 * the inactivity holds they lift. A held submitter who shows up again is put back in place at once.
 * The frequent sources are buffered and written in batches, so thousands of viewers asking for their
 * position do not each cost a database write.
 */
export function createActivityService(deps: { db: Db; clock: Clock; settings: SettingsService; queue: QueueService }) {
  const repository = createActivityRepository(deps.db);
  const lastWrite = new Map<string, number>();
  const pending = new Map<string, string>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  function writeDue(userId: string, nowMs: number): boolean {
    const last = lastWrite.get(userId);
    if (last !== undefined && nowMs - last < WRITE_EVERY_MS) return false;
    if (lastWrite.size > PRUNE_ABOVE) {
      for (const [id, at] of lastWrite) if (nowMs - at >= WRITE_EVERY_MS) lastWrite.delete(id);
    }
    lastWrite.set(userId, nowMs);
    return true;
  }

  /** Writes every buffered sign of life; a failed batch is kept for the next flush. */
  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending];
      pending.clear();
      try {
        await repository.touchMany(batch);
      } catch (error) {
        for (const [userId, at] of batch) if (!pending.has(userId)) pending.set(userId, at);
        throw error;
      }
    });
    const result = flushing;
    flushing = flushing.catch(() => undefined);
    return result;
  }

  /** Records (now, or buffered) that `userId` is here, and lifts that submitter's inactivity hold. */
  async function record(userId: string, buffered: boolean): Promise<void> {
    const now = deps.clock.now();
    if (writeDue(userId, now.getTime())) {
      if (buffered) {
        pending.set(userId, toIso(now));
        flushTimer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_DELAY_MS).unref();
      } else {
        try {
          await repository.touch(userId, toIso(now));
        } catch (error) {
          lastWrite.delete(userId);
          throw error;
        }
      }
    }
    await deps.queue.releaseInactivityHold(userId);
  }

  /** Only the submitter's own signs of life count: nobody checks in (or lifts a hold) for someone else. */
  async function requireSubmitter(actor: Actor, userId: string): Promise<void> {
    if (await deps.queue.isSubmitter(actor, userId)) return;
    if (actor.kind === "person" && actor.invalidGuestSecret) throw unauthorized(MESSAGES.guestSecretInvalid);
    throw forbidden(MESSAGES.notYourCheckIn);
  }

  return {
    /** The activity call (`POST queue-position/activity`): written before this returns. */
    async recordActivity(actor: Actor, userId: string): Promise<void> {
      await requireSubmitter(actor, userId);
      await record(userId, false);
    },

    /**
     * A sign of life from a socket the submitter opened with their proof, or a watch ping: written
     * within a second, in a batch. The caller has checked the proof.
     */
    noteActivity: (userId: string) => record(userId, true),

    /**
     * A position lookup: anyone may look, but it is a sign of life only when the submitter asks, with
     * their secret or token, and only for someone in the queue (so lookups create no records), by
     * their user id: an entry's own id finds the entry but names no submitter.
     */
    async noteLookup(actor: Actor, userId: string): Promise<void> {
      // Most lookups come from viewers who proved nothing: they cost no look at the queue.
      if (provenIds(actor).length === 0 || !(await deps.queue.isSubmitter(actor, userId))) return;
      if ((await deps.queue.getLiveEntry(userId))?.user_id === userId) await record(userId, true);
    },

    flush,

    /** Submitters an admin brought back to Waiting: their inactivity timers start again at the time given, so they are not held again at once. */
    restartInactivityTimers: (seen: [userId: string, at: string][]) => repository.touchMany(seen),

    /** While the queue is open, holds waiting entries of submitters silent for the inactivity timeout. */
    async holdInactiveEntries(actor: Actor): Promise<number> {
      requireActiveAdmin(actor);
      if (!(await deps.settings.isQueueOpen())) return 0;
      await flush();
      const minutes = await deps.settings.inactivityTimeoutMinutes();
      return deps.queue.holdInactiveSince(actor, new Date(deps.clock.now().getTime() - minutes * 60_000));
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
