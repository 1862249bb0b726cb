import type { Kysely } from "kysely";
import { canonicalizeLink } from "@common/link-canonical";

/** Rows read per step of the backfill, so a long history never sits in memory at once. */
const BACKFILL_BATCH = 500;

/** The columns the backfill reads and writes, as they are at this migration. */
interface BackfillTables {
  submissions: { id: string; link: string; file_key: string | null; canonical_key: string | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One song, one key: the canonical key of the link as submitted (null for uploads).
  await db.schema.alterTable("submissions").addColumn("canonical_key", "text").execute();
  await backfillCanonicalKeys(db);
  await db.schema.createIndex("submissions_canonical_key").on("submissions").columns(["canonical_key", "status"]).execute();

  // The host's bans: a submitter (account, guest or username) or a link (canonical key). Lifted bans stay as history.
  await db.schema
    .createTable("bans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("lifted_at", "text")
    .addColumn("lifted_by", "text")
    .execute();
  await db.schema.createIndex("bans_kind_value").on("bans").columns(["kind", "value", "lifted_at"]).execute();

  // The secret in the chat-command URLs the bots call; one row, replaced on rotation.
  await db.schema
    .createTable("chat_command_secrets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

/** Gives every existing submission with a link the canonical key a new submission of it would get. */
export async function backfillCanonicalKeys(db: Kysely<unknown>): Promise<void> {
  const rowsDb = db as Kysely<BackfillTables>;
  for (let offset = 0; ; offset += BACKFILL_BATCH) {
    const rows = await rowsDb.selectFrom("submissions").select(["id", "link", "file_key"]).orderBy("id").limit(BACKFILL_BATCH).offset(offset).execute();
    for (const row of rows) {
      const key = row.file_key ? null : (canonicalizeLink(row.link)?.key ?? null);
      if (key) await rowsDb.updateTable("submissions").set({ canonical_key: key }).where("id", "=", row.id).execute();
    }
    if (rows.length < BACKFILL_BATCH) break;
  }
}
