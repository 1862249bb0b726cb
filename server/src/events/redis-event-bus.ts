import { randomUUID } from "node:crypto";
import { connectRedis } from "../lib/redis-client";
import { createInProcessEventBus, type DomainEvent, type EventBus } from "./domain-events";

export interface RedisEventBusOptions {
  url: string;
  /** Pub/sub channel shared by every instance: `<REDIS_KEY_PREFIX>:events`. */
  channel: string;
  log: { warn(object: object, message: string): void };
  /** How long to wait for Redis at start before giving up. */
  connectTimeoutMs?: number;
}

interface Envelope {
  origin: string;
  event: DomainEvent;
}

/**
 * The domain event bus across instances: one connection publishes, one listens on the channel. An
 * event is handed to this instance's handlers at once and skipped when it comes back from Redis, so
 * each instance sees each event exactly once. Resolves once the subscription is live.
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const local = createInProcessEventBus(options.log);
  const publisher = connectRedis(options.url, { maxRetriesPerRequest: 2 });
  const subscriber = connectRedis(options.url);
  for (const [role, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    client.on("error", (err) => options.log.warn({ err, role }, "event bus: Redis connection error"));
  }

  subscriber.on("message", (channel: string, payload: string) => {
    if (channel !== options.channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin !== origin && typeof envelope.event?.name === "string") local.deliver(envelope.event);
  });

  async function close(): Promise<void> {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    await local.close();
  }

  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      subscriber.subscribe(options.channel),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis at ${options.url} did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  return {
    async emit(name, payload) {
      await local.emit(name, payload);
      try {
        await publisher.publish(options.channel, JSON.stringify({ origin, event: { name, payload } } as Envelope));
      } catch (err) {
        // The change is saved and this instance has it; other instances catch up on the next one.
        options.log.warn({ err, event: name }, "event bus: could not reach other instances");
      }
    },
    subscribe: local.subscribe,
    on: local.on,
    close,
  };
}
