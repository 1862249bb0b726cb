import type { Clock } from "../../lib/clock";
import { toIso } from "../../lib/clock";
import type { Db } from "../../db/kysely";
import type { QueueService } from "../queue/queue.service";
import type { SettingsService } from "../settings/settings.service";
import { createActivityRepository } from "./activity.repository";

/** Sockets and position lookups report activity constantly; one write per user per window is plenty. */
const WRITE_EVERY_MS = 30_000;
/** Above this many remembered users, forget those whose window has passed. */
const PRUNE_ABOVE = 10_000;

/**
 * Signs of life of submitters (activity calls, position lookups, tagged sockets, watch pings), and
 * the inactivity holds they lift. A held submitter who shows up again is put back in place at once.
 */
export function createActivityService(deps: { db: Db; clock: Clock; settings: SettingsService; queue: QueueService }) {
  const repository = createActivityRepository(deps.db);
  const lastWrite = new Map<string, number>();

  function writeDue(userId: string, nowMs: number): boolean {
    const last = lastWrite.get(userId);
    if (last !== undefined && nowMs - last < WRITE_EVERY_MS) return false;
    if (lastWrite.size > PRUNE_ABOVE) {
      for (const [id, at] of lastWrite) if (nowMs - at >= WRITE_EVERY_MS) lastWrite.delete(id);
    }
    lastWrite.set(userId, nowMs);
    return true;
  }

  /** Records that `userId` (a guest or an account) is here, and lifts that submitter's inactivity hold. */
  async function recordActivity(userId: string): Promise<void> {
    const now = deps.clock.now();
    if (writeDue(userId, now.getTime())) {
      try {
        await repository.touch(userId, toIso(now));
      } catch (error) {
        lastWrite.delete(userId);
        throw error;
      }
    }
    await deps.queue.releaseInactivityHold(userId);
  }

  return {
    recordActivity,

    /**
     * A sign of life that only matters while the user is in the queue: position lookups, which anyone
     * can make for any id, so they must not create activity records for ids that are not submitters.
     */
    async recordQueuedActivity(userId: string): Promise<void> {
      if (await deps.queue.getLiveEntry(userId)) await recordActivity(userId);
    },

    /** While the queue is open, holds waiting entries of submitters silent for the inactivity timeout. */
    async holdInactiveEntries(): Promise<number> {
      if (!(await deps.settings.isQueueOpen())) return 0;
      const minutes = await deps.settings.inactivityTimeoutMinutes();
      return deps.queue.holdInactiveSince(new Date(deps.clock.now().getTime() - minutes * 60_000));
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
