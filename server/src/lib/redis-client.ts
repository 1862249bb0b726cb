import type { Redis, RedisOptions } from "ioredis";
import { requireOnDemand } from "./require-on-demand";

export type { Redis };

/** A connection to Redis; the client library is loaded only once REDIS_URL asks for one. */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  const { Redis: RedisClient } = requireOnDemand<typeof import("ioredis")>("ioredis");
  return new RedisClient(url, options);
}
