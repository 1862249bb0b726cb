import { MESSAGES } from "@common/messages";
import { SETTING_DEFAULTS, SETTING_NAMES, type SettingName, type SettingRecord } from "@common/settings";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import type { EventBus } from "../../live/event-bus";
import { createSettingsRepository } from "./settings.repository";

/**
 * Queue settings, read on every submission and overview, so they are cached in memory; any
 * instance's change reaches the others through the event bus (settings_update) and drops the cache.
 */
export function createSettingsService(deps: { db: Db; clock: Clock; events: EventBus }) {
  const repository = createSettingsRepository(deps.db);
  let cache: Map<string, string | null> | null = null;
  let loading: Promise<Map<string, string | null>> | null = null;

  deps.events.subscribe((event) => {
    if (event.message.type === "settings_update") cache = null;
  });

  async function load(): Promise<Map<string, string | null>> {
    if (cache) return cache;
    loading ??= repository
      .all()
      .then((rows) => {
        cache = new Map(rows.map((row) => [row.name, row.value]));
        return cache;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function get(name: SettingName): Promise<string | null> {
    const values = await load();
    return values.has(name) ? (values.get(name) ?? null) : SETTING_DEFAULTS[name];
  }

  async function set(name: SettingName, value: string | null): Promise<SettingRecord> {
    const timestamp = toIso(deps.clock.now());
    await repository.upsert(name, value, timestamp);
    cache = null;
    await deps.events.publish({
      target: { kind: "all" },
      message: { type: "settings_update", setting_name: name, setting_value: value ?? "", timestamp },
    });
    if (name === "isQueueOn") {
      await deps.events.publish({
        target: { kind: "all" },
        message: {
          type: "system_message",
          message_type: "info",
          message: value === "true" ? MESSAGES.queueOpen : MESSAGES.queueClosedNotice,
          timestamp,
        },
      });
    }
    return { name, state: value };
  }

  return {
    get,
    set,
    async all(): Promise<SettingRecord[]> {
      return Promise.all(SETTING_NAMES.map(async (name) => ({ name, state: await get(name) })));
    },
    async isQueueOpen(): Promise<boolean> {
      return (await get("isQueueOn")) === "true";
    },
    async inactivityTimeoutMinutes(): Promise<number> {
      return Number(await get("inactivityTimeoutMinutes"));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
