import { randomUUID } from "node:crypto";
import { connectRedis, takeLease } from "../lib/redis-client";
import type { FeatureDeps } from "../feature-deps";
import type { Job } from "./job";

export interface JobRunnerOptions {
  jobs: readonly Job[];
  deps: FeatureDeps;
  /** With Redis, a tick runs only on the instance holding that job's lease. */
  redisUrl?: string;
  keyPrefix: string;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

// A lease outlives one period a little, so the holder's next tick (a few ms late) still finds it its own.
const LEASE_PERIODS = 1.5;

/**
 * Runs each job every `everyMs`, never two ticks of one job at once. With several instances the lease
 * (`<prefix>:job:<name>`, renewed by every tick and while a tick runs) keeps each job on one instance;
 * when that instance stops, another takes over once the lease runs out (1.5 periods). A failing tick is
 * logged and the job keeps its schedule.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const owner = randomUUID();
  const redis = options.redisUrl ? connectRedis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", (err) => options.log.warn({ err }, "job runner: Redis connection error"));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  async function holdLease(job: Job): Promise<boolean> {
    if (!redis) return true;
    const leaseMs = Math.ceil(job.everyMs * LEASE_PERIODS);
    return takeLease(redis, `${options.keyPrefix}:job:${job.name}`, owner, leaseMs);
  }

  async function tick(job: Job): Promise<void> {
    try {
      if (!(await holdLease(job))) return;
      const renew = redis && setInterval(() => void holdLease(job).catch(() => undefined), Math.max(1, job.everyMs / 2));
      try {
        await job.run(options.deps);
      } finally {
        if (renew) clearInterval(renew);
      }
    } catch (err) {
      options.log.error({ err, job: job.name }, "job failed");
    }
  }

  function schedule(job: Job, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const startedAt = options.deps.clock.now().getTime();
      const run = tick(job);
      running.add(run);
      void run.finally(() => {
        running.delete(run);
        schedule(job, Math.max(0, job.everyMs - (options.deps.clock.now().getTime() - startedAt)));
      });
    }, delayMs);
    timers.add(timer);
  }

  return {
    /** Runs every job once now, then every `everyMs`. */
    start(): void {
      for (const job of options.jobs) schedule(job, 0);
    },

    /** Stops scheduling, waits for running ticks to finish and lets go of Redis. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      await redis?.quit().catch(() => undefined);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
