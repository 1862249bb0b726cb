import type { Db } from "../../db/kysely";
import type { SettingName } from "@common/settings";

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<{ name: string; value: string | null }[]> {
      return db.selectFrom("settings").select(["name", "value"]).execute();
    },

    async upsert(name: SettingName, value: string | null, updatedAt: string): Promise<void> {
      await db
        .insertInto("settings")
        .values({ name, value, updated_at: updatedAt })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
    },
  };
}
