import type { Redis, RedisOptions } from "ioredis";
import { requireOnDemand } from "./require-on-demand";

export type { Redis };

/** A connection to Redis; the client library is loaded only once REDIS_URL asks for one. */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  const { Redis: RedisClient } = requireOnDemand<typeof import("ioredis")>("ioredis");
  return new RedisClient(url, options);
}

// Take the lease when it is free or already ours (renewing it); refuse while another instance holds it.
const TAKE_LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

const GIVE_UP_LEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/** Takes or renews `key` for `owner` for `ms`; false while another instance holds it. */
export async function takeLease(redis: Redis, key: string, owner: string, ms: number): Promise<boolean> {
  return (await redis.eval(TAKE_LEASE, 1, key, owner, ms)) === 1;
}

/** Lets go of `key` if `owner` still holds it, so another instance need not wait for it to run out. */
export async function giveUpLease(redis: Redis, key: string, owner: string): Promise<void> {
  await redis.eval(GIVE_UP_LEASE, 1, key, owner);
}
