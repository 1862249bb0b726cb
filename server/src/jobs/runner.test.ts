import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app";
import { TEST_REDIS_URL, uniqueRedisPrefix } from "../test/redis";
import type { Job } from "./job";
import { createJobRunner, type JobRunnerOptions } from "./runner";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLog() {
  const errors: { object: object; message: string }[] = [];
  return { errors, error: (object: object, message: string) => void errors.push({ object, message }), warn: () => undefined };
}

describe("job runner", () => {
  let server: TestApp;
  const runners: ReturnType<typeof createJobRunner>[] = [];
  const runner = (options: Omit<JobRunnerOptions, "deps">) => {
    const created = createJobRunner({ ...options, deps: server.deps });
    runners.push(created);
    return created;
  };

  beforeAll(async () => {
    server = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await server.close();
  });

  it("runs a job at start and then every period, never two ticks at once", async () => {
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const slow: Job = {
      name: "slow",
      everyMs: 20,
      async run() {
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await sleep(60);
        runs += 1;
        active -= 1;
      },
    };
    const jobs = runner({ jobs: [slow], keyPrefix: uniqueRedisPrefix(), log: recordingLog() });
    jobs.start();
    await sleep(400);
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(mostAtOnce).toBe(1);
  });

  it("logs a failing tick and keeps the job on schedule", async () => {
    const log = recordingLog();
    let attempts = 0;
    const failing: Job = {
      name: "failing",
      everyMs: 30,
      async run() {
        attempts += 1;
        throw new Error("mail server down");
      },
    };
    const jobs = runner({ jobs: [failing], keyPrefix: uniqueRedisPrefix(), log });
    jobs.start();
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    expect(log.errors.length).toBe(attempts);
    expect(log.errors[0]).toEqual({ object: { err: expect.objectContaining({ message: "mail server down" }), job: "failing" }, message: "job failed" });
  });

  it("with Redis, runs each tick on one instance only", async () => {
    const keyPrefix = uniqueRedisPrefix();
    const ranOn: string[] = [];
    const countingJob = (instance: string): Job => ({
      name: "count",
      everyMs: 1000,
      async run() {
        ranOn.push(instance);
      },
    });
    const first = runner({ jobs: [countingJob("first")], redisUrl: TEST_REDIS_URL, keyPrefix, log: recordingLog() });
    const second = runner({ jobs: [countingJob("second")], redisUrl: TEST_REDIS_URL, keyPrefix, log: recordingLog() });
    first.start();
    second.start();
    await sleep(500);
    expect(ranOn).toHaveLength(1);
    await sleep(1000);
    expect(ranOn).toHaveLength(2);
    expect(ranOn[1]).toBe(ranOn[0]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("with Redis, hands a job to another instance when the one running it stops", async () => {
    const keyPrefix = uniqueRedisPrefix();
    const ranOn: string[] = [];
    const job = (instance: string): Job => ({ name: "handover", everyMs: 200, run: async () => void ranOn.push(instance) });
    const first = runner({ jobs: [job("first")], redisUrl: TEST_REDIS_URL, keyPrefix, log: recordingLog() });
    first.start();
    await expect.poll(() => ranOn).toEqual(["first"]);
    const second = runner({ jobs: [job("second")], redisUrl: TEST_REDIS_URL, keyPrefix, log: recordingLog() });
    second.start();
    await sleep(100);
    expect(ranOn).toEqual(["first"]);
    await first.stop();
    await expect.poll(() => ranOn.includes("second"), { timeout: 2000 }).toBe(true);
    await second.stop();
  });
});
