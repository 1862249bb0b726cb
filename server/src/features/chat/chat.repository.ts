import type { Db } from "../../db/kysely";
import type { ChatCommandSecretsTable } from "../../db/tables/moderation";

/** The one chat-command secret: read, and replaced whole on rotation. */
export function createChatRepository(db: Db) {
  return {
    async current(): Promise<ChatCommandSecretsTable | undefined> {
      return db.selectFrom("chat_command_secrets").selectAll().orderBy("created_at", "desc").executeTakeFirst();
    },

    async replace(trx: Db, row: ChatCommandSecretsTable): Promise<void> {
      await trx.deleteFrom("chat_command_secrets").execute();
      await trx.insertInto("chat_command_secrets").values(row).execute();
    },
  };
}
