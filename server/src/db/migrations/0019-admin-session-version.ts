import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Raised whenever an admin's logins are ended (new password, deactivation, revoke-sessions): tokens
  // and sockets of an older version stop working, whichever process or instance made the change.
  await db.schema
    .alterTable("admins")
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
