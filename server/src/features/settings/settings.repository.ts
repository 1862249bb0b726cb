import type { Db } from "../../db/kysely";
import type { SettingName } from "@common/settings";

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<{ name: string; value: string | null }[]> {
      return db.selectFrom("settings").select(["name", "value"]).execute();
    },

    /** The stored value as this transaction sees it; undefined when never set. */
    async find(name: SettingName, trx: Db = db): Promise<string | null | undefined> {
      const row = await trx.selectFrom("settings").select("value").where("name", "=", name).executeTakeFirst();
      return row ? row.value : undefined;
    },

    /** `trx` runs it inside a caller's transaction (with the audit record of the change). */
    async upsert(name: SettingName, value: string | null, updatedAt: string, trx: Db = db): Promise<void> {
      await trx
        .insertInto("settings")
        .values({ name, value, updated_at: updatedAt })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
    },
  };
}
