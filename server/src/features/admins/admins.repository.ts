import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/kysely";
import type { AdminsTable } from "../../db/tables/core";

export type AdminRow = Selectable<AdminsTable>;

export function createAdminsRepository(db: Db) {
  return {
    /** Usernames are unique without regard to case (a unique index on lower(username)). */
    async findByUsername(username: string): Promise<AdminRow | undefined> {
      return db
        .selectFrom("admins")
        .selectAll()
        .where((eb) => eb(eb.fn<string>("lower", ["username"]), "=", username.toLowerCase()))
        .executeTakeFirst();
    },

    async findById(id: string): Promise<AdminRow | undefined> {
      return db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async insert(row: Insertable<AdminsTable>): Promise<void> {
      await db.insertInto("admins").values(row).execute();
    },

    async setActive(id: string, active: boolean): Promise<void> {
      await db.updateTable("admins").set({ is_active: active ? 1 : 0 }).where("id", "=", id).execute();
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable("admins").set({ password_hash: passwordHash }).where("id", "=", id).execute();
    },

    async list(): Promise<AdminRow[]> {
      return db.selectFrom("admins").selectAll().orderBy("created_at").orderBy("username").execute();
    },

    async exists(): Promise<boolean> {
      return (await db.selectFrom("admins").select("id").limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
