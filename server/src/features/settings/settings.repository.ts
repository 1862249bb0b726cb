import type { Db } from "../../db/kysely";
import type { SettingName } from "@common/settings";

const MAX_SWAP_ATTEMPTS = 5;

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<{ name: string; value: string | null }[]> {
      return db.selectFrom("settings").select(["name", "value"]).execute();
    },

    /**
     * Stores `value` inside the caller's transaction and returns the value it replaced (`fallback` when
     * the setting was never stored). Of two instances swapping at once, the second sees the first's
     * value as the one it replaced: the update is conditional on the value read, so a change committed
     * in between makes it read again (PostgreSQL waits on the first's row lock, then re-checks).
     */
    async swap(name: SettingName, value: string | null, fallback: string | null, updatedAt: string, trx: Db): Promise<string | null> {
      // A row to lock even for a setting never stored; being a write, it also takes SQLite's write
      // lock before anything is read, so a second connection waits instead of reading a stale value.
      await trx
        .insertInto("settings")
        .values({ name, value: fallback, updated_at: updatedAt })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      for (let attempt = 1; ; attempt += 1) {
        const { value: before } = await trx.selectFrom("settings").select("value").where("name", "=", name).executeTakeFirstOrThrow();
        const result = await trx
          .updateTable("settings")
          .set({ value, updated_at: updatedAt })
          .where("name", "=", name)
          .where((eb) => (before === null ? eb("value", "is", null) : eb("value", "=", before)))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return before;
        if (attempt >= MAX_SWAP_ATTEMPTS) throw new Error(`The setting ${name} kept changing while it was being set`);
      }
    },
  };
}
