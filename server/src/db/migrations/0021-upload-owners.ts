import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who presigned or sent a file (its account or guest id), from which address, and the bytes it may
  // still bring: an upload counts against that address's share of pending bytes until it is used.
  await db.schema.alterTable("files").addColumn("uploader_id", "text").execute();
  await db.schema.alterTable("files").addColumn("uploader_address", "text").execute();
  await db.schema.alterTable("files").addColumn("reserved_bytes", "bigint").execute();
  // A scan given back (clamd unreachable) waits until then before it is tried again.
  await db.schema.alterTable("files").addColumn("scan_retry_at", "text").execute();
  await db.schema.createIndex("files_uploader_address").on("files").columns(["uploader_address", "deleted_at"]).execute();
  // Whether a draft uses a file is asked by the clean-up and by every attach.
  await db.schema.createIndex("drafts_file_key").on("drafts").column("file_key").execute();
}
