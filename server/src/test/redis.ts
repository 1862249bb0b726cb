import { randomBytes } from "node:crypto";

/** Redis for tests (CI sets TEST_REDIS_URL). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A Redis key prefix of its own, so test files running side by side never see each other's events or keys. */
export const uniqueRedisPrefix = () => `lqtest-${randomBytes(6).toString("hex")}`;

/** A logger for code under test that should not print. */
export const quietLog = { warn: () => undefined, error: () => undefined };
