import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("declared_type", "text", (c) => c.notNull())
    .addColumn("content_type", "text")
    .addColumn("size", "bigint")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("duration_seconds", "double precision")
    .addColumn("scan_started_at", "text")
    .addColumn("scan_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text")
    .addColumn("scanned_at", "text")
    .addColumn("deleted_at", "text")
    .execute();
  // The scan job looks for pending files, the retention job for old ones.
  await db.schema.createIndex("files_status").on("files").columns(["status", "scan_started_at"]).execute();
  await db.schema.createIndex("files_created").on("files").column("created_at").execute();
  // The retention job asks, for each old file, whether an entry still points to it.
  await db.schema.createIndex("submissions_file_key").on("submissions").column("file_key").execute();
}
