import type { Db } from "../../db/kysely";
import type { YoutubeChatConnectionTable } from "../../db/tables/youtube-chat";

export type YoutubeChatConnectionRow = YoutubeChatConnectionTable;

const CONNECTION_ID = "channel";

export function createYoutubeChatRepository(db: Db) {
  return {
    async connection(): Promise<YoutubeChatConnectionRow | undefined> {
      return db.selectFrom("youtube_chat_connection").selectAll().where("id", "=", CONNECTION_ID).executeTakeFirst();
    },

    /** Connecting again replaces the row: new tokens, and the broadcast is looked for afresh. */
    async saveConnection(row: Omit<YoutubeChatConnectionRow, "id">): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("youtube_chat_connection").where("id", "=", CONNECTION_ID).execute();
        await trx
          .insertInto("youtube_chat_connection")
          .values({ ...row, id: CONNECTION_ID })
          .execute();
      });
    },

    /** Changes the row of the connection made at `connectedAt` only: a write for a replaced connection is dropped. */
    async updateConnection(connectedAt: string, values: Partial<Omit<YoutubeChatConnectionRow, "id" | "connected_at">>): Promise<void> {
      await db.updateTable("youtube_chat_connection").set(values).where("id", "=", CONNECTION_ID).where("connected_at", "=", connectedAt).execute();
    },

    async deleteConnection(): Promise<void> {
      await db.deleteFrom("youtube_chat_connection").where("id", "=", CONNECTION_ID).execute();
    },

    /** False when the message was already handled (here or on another instance). */
    async markSeen(messageId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto("youtube_chat_seen")
        .values({ message_id: messageId, seen_at: at })
        .onConflict((oc) => oc.column("message_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async forgetSeenBefore(at: string): Promise<void> {
      await db.deleteFrom("youtube_chat_seen").where("seen_at", "<", at).execute();
    },
  };
}

export type YoutubeChatRepository = ReturnType<typeof createYoutubeChatRepository>;
