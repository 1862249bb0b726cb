import type { Db } from "../../db/kysely";
import { GUEST_ID_PREFIX } from "../../lib/ids";

export function createActivityRepository(db: Db) {
  return {
    /** Records a sign of life; a guest's row in `guests` is kept current too. */
    async touch(userId: string, at: string): Promise<void> {
      await db
        .insertInto("activity")
        .values({ user_id: userId, last_active: at })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active: at }))
        .execute();
      if (userId.startsWith(GUEST_ID_PREFIX)) await db.updateTable("guests").set({ last_active: at }).where("user_id", "=", userId).execute();
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
