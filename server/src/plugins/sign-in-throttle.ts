import { createHash } from "node:crypto";
import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Clock } from "../lib/clock";

/** Which sign-in a route is: admin and member names are counted apart. */
export type SignInAccount = "admin" | "member";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Counts this route's unsuccessful sign-ins per account name (plugins/sign-in-throttle.ts). */
    signInThrottle?: SignInAccount;
  }
}

interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  remainingMs: number;
}

/** Where attempts are counted: this process, or Redis so that every instance sees the same count. */
interface AttemptStore {
  /** Counts one more attempt; the window starts with the first and does not move after it. */
  add(key: string): Promise<AttemptCount>;
  clear(key: string): Promise<void>;
}

// Enough for every name a busy site's people use in a window; past it the oldest windows are dropped.
const MAX_NAMES_IN_MEMORY = 100_000;

function memoryStore(clock: Clock, windowMs: number): AttemptStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async add(key) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        windows.delete(key);
        if (windows.size >= MAX_NAMES_IN_MEMORY) {
          for (const [name, old] of windows) if (old.endsAt <= now) windows.delete(name);
          if (windows.size >= MAX_NAMES_IN_MEMORY) windows.delete(windows.keys().next().value!);
        }
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, remainingMs: window.endsAt - now };
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

const ADD_ATTEMPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

function redisStore(redis: Redis, windowMs: number): AttemptStore {
  return {
    async add(key) {
      const [count, remainingMs] = (await redis.eval(ADD_ATTEMPT, 1, key, windowMs)) as [number, number];
      return { count, remainingMs: remainingMs > 0 ? remainingMs : windowMs };
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/**
 * Slows password guessing on one account from any number of addresses: every sign-in attempt on a
 * name counts, a successful one wipes the count, and past RATE_LIMIT_ACCOUNT_LOGIN_MAX attempts in a
 * window the name answers 429 (with Retry-After), even to the right password, until that window ends.
 * Attempts are counted as they start, so parallel guesses cannot all slip in before the first fails.
 * The window never grows while refused, so an attacker can hold an account for one window at a time,
 * never for good. If Redis fails, sign-ins go on: the per-address limit still holds.
 */
export function registerSignInThrottle(app: FastifyInstance, config: Config, clock: Clock, redis: Redis | undefined): void {
  const { max, windowSeconds } = config.accountLoginLimit;
  const store = redis ? redisStore(redis, windowSeconds * 1000) : memoryStore(clock, windowSeconds * 1000);
  const keys = new WeakMap<object, string>();

  const countAttempt: preHandlerHookHandler = async (request, reply) => {
    const account = request.routeOptions.config.signInThrottle;
    const name = (request.body as { username?: unknown } | undefined)?.username;
    if (!account || typeof name !== "string") return;
    const digest = createHash("sha256").update(name.trim().toLowerCase()).digest("hex").slice(0, 32);
    const key = `${config.redisKeyPrefix}:sign-in-attempts:${account}:${digest}`;
    const attempt = await store.add(key).catch((err: unknown) => {
      request.log.warn({ err }, "sign-in attempt store unavailable");
      return null;
    });
    if (!attempt) return;
    if (attempt.count > max) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(attempt.remainingMs / 1000))));
      throw Object.assign(new Error("Too many sign-in attempts for this account"), { statusCode: 429 });
    }
    keys.set(request, key);
  };

  const clearOnSuccess: onSendHookHandler = async (request, reply) => {
    const key = keys.get(request);
    if (key && reply.statusCode >= 200 && reply.statusCode < 300) {
      await store.clear(key).catch((err: unknown) => request.log.warn({ err }, "sign-in attempt store unavailable"));
    }
  };

  app.addHook("onRoute", (route) => {
    if (!(route.config as { signInThrottle?: SignInAccount } | undefined)?.signInThrottle) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);
    route.preHandler = [countAttempt, ...asList(route.preHandler)];
    route.onSend = [...asList(route.onSend), clearOnSuccess];
  });
}
