import type { QueueStatus } from "@common/queue";
import { SETTING_DEFAULTS, SETTING_NAMES, type SettingName, type SettingRecord } from "@common/settings";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import type { EventBus } from "../../events/domain-events";
import type { AuditRecorder } from "../audit/audit.service";
import { createSettingsRepository } from "./settings.repository";

/** A change as the transaction that makes it sees it: `from` is read inside that transaction. */
export interface SettingChange {
  name: SettingName;
  from: string | null;
  to: string | null;
  at: string;
}
export type SettingChangeWriter = (trx: Db, change: SettingChange) => Promise<void>;

/**
 * Queue settings, read on every submission and overview, so they are cached in memory; any
 * instance's change reaches the others through the event bus (settings.changed) and drops the cache.
 */
export function createSettingsService(deps: { db: Db; clock: Clock; events: EventBus; audit?: AuditRecorder }) {
  const repository = createSettingsRepository(deps.db);
  let cache: Map<string, string | null> | null = null;
  let loading: Promise<Map<string, string | null>> | null = null;
  // Bumped on every invalidation, so a read that started before a change never caches the old rows.
  let generation = 0;

  function invalidate(): void {
    generation += 1;
    cache = null;
    loading = null;
  }

  deps.events.on("settings.changed", invalidate);
  const changeWriters: SettingChangeWriter[] = [];

  async function load(): Promise<Map<string, string | null>> {
    if (cache) return cache;
    if (loading) return loading;
    const startedAt = generation;
    loading = repository
      .all()
      .then((rows) => {
        const values = new Map(rows.map((row) => [row.name, row.value]));
        if (generation === startedAt) cache = values;
        return values;
      })
      .finally(() => {
        if (generation === startedAt) loading = null;
      });
    return loading;
  }

  async function get(name: SettingName): Promise<string | null> {
    const values = await load();
    return values.has(name) ? (values.get(name) ?? null) : SETTING_DEFAULTS[name];
  }

  /** Stores an already validated state and tells every instance (caches, sockets, schedules). */
  async function set(actor: Actor, name: SettingName, value: string | null, reason?: string | null): Promise<SettingRecord> {
    requireActiveAdmin(actor);
    const timestamp = toIso(deps.clock.now());
    await deps.db.transaction().execute(async (trx) => {
      // The value replaced is read with the write, so of two instances opening the queue at once
      // only one sees it closed and records an opening.
      const from = await repository.swap(name, value, SETTING_DEFAULTS[name], timestamp, trx);
      for (const write of changeWriters) await write(trx, { name, from, to: value, at: timestamp });
      await deps.audit?.record(trx, { actor, action: "setting.changed", reason, details: { name, from, to: value } });
    });
    invalidate();
    await deps.events.emit("settings.changed", { name, value, changed_at: timestamp });
    return { name, state: value };
  }

  async function isTrue(name: "isQueueOn" | "isSubmissionsOpen"): Promise<boolean> {
    return (await get(name)) === "true";
  }

  return {
    get,
    set,
    /** Adds writes that must commit with every settings change (an outbox row), given the value before it. */
    onChangeInTransaction(write: SettingChangeWriter): void {
      changeWriters.push(write);
    },
    /** Puts a setting back to its default (DELETE set/{name}); nextStreamStartAt becomes unset. */
    reset: (actor: Actor, name: SettingName, reason?: string | null) => set(actor, name, SETTING_DEFAULTS[name], reason),
    async all(): Promise<SettingRecord[]> {
      return Promise.all(SETTING_NAMES.map(async (name) => ({ name, state: await get(name) })));
    },
    isQueueOpen: () => isTrue("isQueueOn"),
    isSubmissionsOpen: () => isTrue("isSubmissionsOpen"),
    /** open: accepting submissions; busy: queue on but submissions paused; closed: queue off. */
    async queueStatus(): Promise<QueueStatus> {
      if (!(await isTrue("isQueueOn"))) return "closed";
      return (await isTrue("isSubmissionsOpen")) ? "open" : "busy";
    },
    async inactivityTimeoutMinutes(): Promise<number> {
      return Number(await get("inactivityTimeoutMinutes"));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
