import type { Db } from "../../db/kysely";
import { GUEST_ID_PREFIX } from "../../lib/ids";

/** Rows per statement, well under either database's limit on bound parameters. */
const CHUNK = 500;

export function createActivityRepository(db: Db) {
  /** Records signs of life, latest wins; a guest's row in `guests` is kept current too. */
  async function touchMany(seen: [userId: string, at: string][]): Promise<void> {
    for (let i = 0; i < seen.length; i += CHUNK) {
      const chunk = seen.slice(i, i + CHUNK);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("activity")
          .values(chunk.map(([user_id, last_active]) => ({ user_id, last_active })))
          .onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ last_active: eb.ref("excluded.last_active") })))
          .execute();
        const guestIds = chunk.flatMap(([userId]) => (userId.startsWith(GUEST_ID_PREFIX) ? [userId] : []));
        if (guestIds.length === 0) return;
        await trx
          .updateTable("guests")
          .set((eb) => ({ last_active: eb.selectFrom("activity").select("activity.last_active").whereRef("activity.user_id", "=", "guests.user_id") }))
          .where("user_id", "in", guestIds)
          .execute();
      });
    }
  }

  return {
    touchMany,
    touch: (userId: string, at: string) => touchMany([[userId, at]]),
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
