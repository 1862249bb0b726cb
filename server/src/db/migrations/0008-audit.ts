import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who did what to which entry, written in the transaction of the change itself.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entry_id", "text")
    .addColumn("submitter_id", "text")
    .addColumn("entry_label", "text")
    .addColumn("reason", "text")
    .addColumn("details", "text")
    .execute();
  // The page reads newest first, whole or filtered by action, admin or entry.
  await db.schema.createIndex("audit_log_recent").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_name", "created_at"]).execute();
  await db.schema.createIndex("audit_log_entry").on("audit_log").column("entry_id").execute();
  await db.schema.createIndex("audit_log_submitter").on("audit_log").column("submitter_id").execute();
}
