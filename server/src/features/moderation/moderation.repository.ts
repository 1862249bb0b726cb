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

    /** The first active ban among `targets`, in the order given. */
    async firstActive(targets: { kind: BanKind; value: string }[]): Promise<BansTable | undefined> {
      if (targets.length === 0) return undefined;
      const rows = await db
        .selectFrom("bans")
        .selectAll()
        .where("lifted_at", "is", null)
        .where((eb) => eb.or(targets.map((target) => eb.and([eb("kind", "=", target.kind), eb("value", "=", target.value)]))))
        .execute();
      return targets.map((target) => rows.find((row) => row.kind === target.kind && row.value === target.value)).find((row) => row !== undefined);
    },

    async insert(trx: Db, row: BansTable): Promise<void> {
      await trx.insertInto("bans").values(row).execute();
    },

    /** Lifts the ban if it is still active; undefined when it is not (unknown, or lifted already). */
    async lift(trx: Db, id: string, liftedAt: string, liftedBy: string): Promise<BansTable | undefined> {
      return trx
        .updateTable("bans")
        .set({ lifted_at: liftedAt, lifted_by: liftedBy })
        .where("id", "=", id)
        .where("lifted_at", "is", null)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
