import type { BanKind } from "@common/moderation";
import type { Db } from "../../db/kysely";
import type { BansTable } from "../../db/tables/moderation";

/** The host's bans; a lifted ban stays as history. */
export function createModerationRepository(db: Db) {
  return {
    async activeBans(): Promise<BansTable[]> {
      return db.selectFrom("bans").selectAll().where("lifted_at", "is", null).orderBy("created_at", "desc").orderBy("id", "desc").execute();
    },

    async findActive(kind: BanKind, value: string, trx: Db = db): Promise<BansTable | undefined> {
      return trx.selectFrom("bans").selectAll().where("kind", "=", kind).where("value", "=", value).where("lifted_at", "is", null).executeTakeFirst();
    },

    async insert(trx: Db, row: BansTable): Promise<void> {
      await trx.insertInto("bans").values(row).execute();
    },

    /** Lifts the ban if it is still active; undefined when it is not (unknown, or lifted already). */
    async lift(trx: Db, id: string, liftedAt: string, liftedBy: string): Promise<BansTable | undefined> {
      return trx.updateTable("bans").set({ lifted_at: liftedAt, lifted_by: liftedBy }).where("id", "=", id).where("lifted_at", "is", null).returningAll().executeTakeFirst();
    },
  };
}
