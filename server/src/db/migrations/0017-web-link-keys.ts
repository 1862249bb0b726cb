import type { Kysely } from "kysely";
import { canonicalizeLink } from "@common/link-canonical";

/** Rows read per step, so a long history never sits in memory at once. */
const BATCH = 500;

/** The columns the backfill reads and writes, as they are at this migration. */
interface RekeyTables {
  submissions: { id: string; link: string; file_key: string | null; canonical_key: string | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rekeyLinks(db);
}

/**
 * Gives every keyed submission the key a new submission of its link gets now: links to other sites keep
 * their query (minus tracking parameters), and a YouTube video address without a valid id has no key.
 * Bans keep their keys: a ban stores only the key, not the link it was made from.
 */
export async function rekeyLinks(db: Kysely<unknown>): Promise<void> {
  const rowsDb = db as Kysely<RekeyTables>;
  let after = "";
  for (;;) {
    const rows = await rowsDb
      .selectFrom("submissions")
      .select(["id", "link", "canonical_key"])
      .where("canonical_key", "is not", null)
      .where("file_key", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const key = canonicalizeLink(row.link)?.key ?? null;
      if (key !== row.canonical_key) await rowsDb.updateTable("submissions").set({ canonical_key: key }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
}
