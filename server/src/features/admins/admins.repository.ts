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
      await db
        .updateTable("admins")
        .set({ is_active: active ? 1 : 0 })
        .where("id", "=", id)
        .execute();
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable("admins").set({ password_hash: passwordHash }).where("id", "=", id).execute();
    },

    /** Ends every token and socket of the admin issued under the current version. */
    async raiseSessionVersion(id: string): Promise<void> {
      await db
        .updateTable("admins")
        .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
        .where("id", "=", id)
        .execute();
    },

    async sessionVersions(ids: string[]): Promise<Pick<AdminRow, "id" | "session_version">[]> {
      if (ids.length === 0) return [];
      return db.selectFrom("admins").select(["id", "session_version"]).where("id", "in", ids).execute();
    },

    /** Deletes the admin unless it is the last active super admin; answers whether it was deleted. */
    async deleteUnlessLastSuperAdmin(id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom("admins")
        .where("id", "=", id)
        .where((eb) =>
          eb.or([
            eb("is_active", "=", 0),
            eb("is_super_admin", "=", 0),
            eb.exists(eb.selectFrom("admins as other").select("other.id").where("other.id", "!=", id).where("other.is_active", "=", 1).where("other.is_super_admin", "=", 1)),
          ]),
        )
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    async list(): Promise<AdminRow[]> {
      return db.selectFrom("admins").selectAll().orderBy("created_at").orderBy("username").execute();
    },

    async exists(): Promise<boolean> {
      return (await db.selectFrom("admins").select("id").limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
