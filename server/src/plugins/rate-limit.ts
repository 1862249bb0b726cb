import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";
import { connectRedis, type Redis } from "../lib/redis-client";
import type { Config } from "../config";
import { clientAddressKey } from "../lib/client-address";
import type { Clock } from "../lib/clock";
import { registerSignInThrottle, type SignInAccount } from "./sign-in-throttle";

/**
 * Named limits, each set by RATE_LIMIT_<NAME>_MAX / _WINDOW_SECONDS: `login` for sign-in and sign-up
 * attempts, `submit` for queue submissions and uploads, `api` for other writes anyone can make.
 */
export type RateLimitPolicy = keyof Config["rateLimits"];

/**
 * Route `config` that opts a route into a limit per client IP:
 * `api.post("/auth/admin", { config: rateLimit(deps.config, "login") }, handler)`.
 * Over the limit the client gets 429 `{detail, retry_after}` and a Retry-After header.
 */
export function rateLimit(config: Config, policy: RateLimitPolicy) {
  const { max, windowSeconds } = config.rateLimits[policy];
  return { rateLimit: { max, timeWindow: windowSeconds * 1000 } };
}

/**
 * Route `config` of a password sign-in: the `login` limit per address, and the attempts on each account
 * name counted too (RATE_LIMIT_ACCOUNT_LOGIN_*), wherever they come from.
 */
export function signInLimit(config: Config, account: SignInAccount) {
  return { ...rateLimit(config, "login"), signInThrottle: account };
}

const dropWhenClientIsGone: onRequestHookHandler = (request, reply, done) => {
  if (request.ip !== undefined) return done();
  request.log.debug("client closed the connection before its request was handled");
  reply.hijack();
  request.raw.destroy();
  done();
};

/**
 * Registers the limiter before any route so routes can opt in; no route is limited by default. With
 * REDIS_URL the counts live in Redis, so a limit holds across instances. If Redis fails, requests pass
 * rather than fail: a limit is protection, not a reason to refuse sign-ins.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config, clock: Clock): Promise<void> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    const client = connectRedis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    client.on("error", (err) => app.log.warn({ err }, "rate-limit store unavailable"));
    app.addHook("onClose", async () => {
      await client.quit();
    });
    redis = client;
  }
  // The limiter keys on the client's address, which Node reports as undefined once the connection is
  // no longer connected (a client that resets it right after sending its request, common under load).
  // Nobody is left to read an answer to such a request, so it stops here instead of failing in the
  // limiter's key generator (and running a route for no one). Only limited routes carry this check,
  // ahead of the limiter's own hook: the hot public reads (positions, lists) pay for neither.
  app.addHook("onRoute", (route) => {
    if (!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [dropWhenClientIsGone, ...existing];
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // The client's address as the trusted proxies report it (TRUST_PROXY), an IPv6 client by its /64.
    keyGenerator: (request) => clientAddressKey(request.ip),
    redis,
    nameSpace: `${config.redisKeyPrefix}:rate-limit:`,
    skipOnError: true,
  });
  registerSignInThrottle(app, config, clock, redis);
}
