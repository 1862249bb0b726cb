import { type Kysely, sql } from "kysely";

const LIVE = ["waiting", "active", "on_hold"];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every change bumps it, so an admin's edit made from an older copy is refused instead of overwriting.
  await db.schema
    .alterTable("submissions")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  // One live entry per account as well as per submitter id. Earlier races could leave an account two
  // live entries: the later ones are taken out of the queue (kept in history) before the index is made.
  await sql`
    update submissions set status = 'removed', removed_at = submitted_at, hold_reason = null
    where owner_id is not null and status in ('waiting', 'active', 'on_hold')
      and exists (
        select 1 from submissions earlier
        where earlier.owner_id = submissions.owner_id and earlier.status in ('waiting', 'active', 'on_hold')
          and (earlier.submitted_at < submissions.submitted_at or (earlier.submitted_at = submissions.submitted_at and earlier.id < submissions.id))
      )`.execute(db);
  await db.schema
    .createIndex("submissions_one_live_per_owner")
    .unique()
    .on("submissions")
    .column("owner_id")
    .where((eb) => eb.and([eb(sql.ref("owner_id"), "is not", null), eb(sql.ref("status"), "in", LIVE)]))
    .execute();

  // Side effects that must happen once across instances, written in the transaction of the change.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("run_after", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("done_at", "text")
    .addColumn("failed_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["done_at", "failed_at", "run_after"]).execute();
}
