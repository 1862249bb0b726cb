import type { Db } from "../../db/kysely";
import type { SettingName } from "@common/settings";

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<{ name: string; value: string | null }[]> {
      return db.selectFrom("settings").select(["name", "value"]).execute();
    },

    /**
     * Stores `value` inside the caller's transaction and returns the value it replaced (`fallback` when
     * the setting was never stored). The row is locked first (PostgreSQL's row lock; SQLite's write
     * lock), so of two instances swapping at once the second waits and then reads the first's value.
     * Nothing is compared with the value read: a stored value that reads back as other text (one
     * written before ill-formed text was refused) is replaced like any other.
     */
    async swap(name: SettingName, value: string | null, fallback: string | null, updatedAt: string, trx: Db): Promise<string | null> {
      await trx
        .insertInto("settings")
        .values({ name, value: fallback, updated_at: updatedAt })
        .onConflict((oc) => oc.column("name").doUpdateSet({ updated_at: (eb) => eb.ref("settings.updated_at") }))
        .execute();
      const { value: before } = await trx.selectFrom("settings").select("value").where("name", "=", name).executeTakeFirstOrThrow();
      await trx.updateTable("settings").set({ value, updated_at: updatedAt }).where("name", "=", name).execute();
      return before;
    },
  };
}
