import { randomUUID } from "node:crypto";
import type { Db } from "../db/kysely";
import { type Clock, toIso } from "../lib/clock";
import type { DomainEventMap, EntrySummary } from "./domain-events";
import { createOutboxRepository } from "./outbox.repository";

/** A row is claimed for this long; a handler still running after it may be run again elsewhere. */
export const CLAIM_MS = 60_000;
/**
 * After this many failed attempts (about 11 minutes) a row is set aside (failed_at) for a person to
 * look at, unless its handler was registered with `retryForever`.
 */
const MAX_ATTEMPTS = 8;
/** Backoff after the n-th failure: 5 s, 10 s, 20 s ... at most an hour. */
const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);

/** One mail to one recipient; the outbox row's id is its idempotency key. */
export type MailJob =
  | { kind: "confirm"; subscription_id: string; queue_notifications: boolean; general_updates: boolean; up_next: boolean }
  | { kind: "up_next"; subscription_id: string; track_title: string }
  | { kind: "queue_open"; subscription_id: string; opening_id: string }
  | { kind: "track_played"; user_id: string; track_title: string; artist_name: string }
  /** To the member who owns it (if they take mails) or else the submitter's confirmed subscription. */
  | { kind: "declined"; owner_id: string | null; submitter_id: string; track_title: string; artist_name: string; reason: string };

/** What the outbox carries: domain events for their once-only consumers, and work of its own. */
export interface OutboxTopicMap extends DomainEventMap {
  /** The queue went from closed to open; fans out to one `mail.send` per subscriber. */
  "mail.queue_opened": { opening_id: string; opened_at: string };
  "mail.send": MailJob;
  /** The host declined a submission awaiting approval; written with the change, so its mail goes once. */
  "submission.declined": { entry: EntrySummary; reason: string };
  /** Tell Twitch a channel-point redemption was played (FULFILLED) or refused/removed (CANCELED: points refunded), with a chat line why. */
  "twitch.redemption_status": { redemption_id: string; reward_id: string; broadcaster_id: string; status: "FULFILLED" | "CANCELED"; viewer_name: string; reason: string | null };
}
export type OutboxTopic = keyof OutboxTopicMap;

type OutboxHandler<K extends OutboxTopic> = (payload: OutboxTopicMap[K]) => Promise<void>;
/** Writes more rows in the transaction that enqueues an event (work derived from it, done once too). */
type EnqueueHook<K extends OutboxTopic> = (trx: Db, payload: OutboxTopicMap[K]) => Promise<void>;

export interface HandlerOptions {
  /**
   * Never set the row aside: keep retrying every hour at most. For work that must not be lost to a
   * long outage of what it talks to (a mail server down for hours); a bad row keeps failing, logged.
   */
  retryForever?: boolean;
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Side effects that must happen once whatever the number of instances (a mail, a counted play, a
 * token granted). A service writes the event into the outbox in the same transaction as its change;
 * `runDue` (the outbox job, on any instance) claims each row with a conditional update, so one
 * instance runs it, and retries it with backoff when its handler throws. A claim that runs out
 * (a crashed instance) makes the row runnable again, so handlers must tolerate a rare second run.
 */
export function createOutbox(deps: OutboxDeps) {
  const repository = createOutboxRepository(deps.db);
  const handlers = new Map<string, { run: OutboxHandler<never>; options: HandlerOptions }>();
  const hooks = new Map<string, EnqueueHook<never>[]>();
  const instance = randomUUID();

  return {
    /**
     * Writes `name` for its once-only consumers; call inside the transaction of the change. With a
     * `key`, a second enqueue of the same key (another instance, a rerun) is ignored.
     */
    async enqueue<K extends OutboxTopic>(trx: Db, name: K, payload: OutboxTopicMap[K], key?: string): Promise<void> {
      const now = toIso(deps.clock.now());
      await repository.insert(trx, {
        id: key ?? randomUUID(),
        topic: name,
        payload: JSON.stringify(payload),
        created_at: now,
        run_after: now,
        attempts: 0,
        last_error: null,
        claimed_by: null,
        claimed_until: null,
        done_at: null,
        failed_at: null,
      });
      for (const hook of hooks.get(name) ?? []) await hook(trx, payload as never);
    },

    /** The one consumer of `name` that must run once per event. */
    handle<K extends OutboxTopic>(name: K, handler: OutboxHandler<K>, options: HandlerOptions = {}): void {
      if (handlers.has(name)) throw new Error(`The outbox already has a handler for ${name}`);
      handlers.set(name, { run: handler as OutboxHandler<never>, options });
    },

    /**
     * Runs `hook` inside every transaction that enqueues `name`, so a row derived from the event
     * (a mail about a play) commits with the change or not at all. Register it before the first enqueue.
     */
    onEnqueue<K extends OutboxTopic>(name: K, hook: EnqueueHook<K>): void {
      hooks.set(name, [...(hooks.get(name) ?? []), hook as EnqueueHook<never>]);
    },

    /** Runs what is due (up to `limit` rows); returns how many this instance ran to completion. */
    async runDue(limit = 50): Promise<number> {
      let done = 0;
      for (const row of await repository.due(toIso(deps.clock.now()), limit)) {
        const now = deps.clock.now();
        const claimed = await repository.claim(row.id, instance, toIso(now), toIso(new Date(now.getTime() + CLAIM_MS)));
        if (!claimed) continue;
        const handler = handlers.get(claimed.topic);
        try {
          await handler?.run(JSON.parse(claimed.payload) as never);
          await repository.markDone(claimed.id, instance, toIso(deps.clock.now()));
          done += 1;
        } catch (err) {
          const attempts = claimed.attempts + 1;
          const failedNow = deps.clock.now();
          const givingUp = attempts >= MAX_ATTEMPTS && !handler?.options.retryForever;
          await repository.markFailed(claimed.id, instance, {
            attempts,
            last_error: err instanceof Error ? err.message : String(err),
            run_after: toIso(new Date(failedNow.getTime() + backoffMs(attempts))),
            failed_at: givingUp ? toIso(failedNow) : null,
          });
          const log = givingUp ? deps.log.error : deps.log.warn;
          log.call(deps.log, { err, topic: claimed.topic, id: claimed.id, attempts }, givingUp ? "outbox: gave up" : "outbox: will retry");
        }
      }
      return done;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
