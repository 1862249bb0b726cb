import { timingSafeEqual } from "node:crypto";
import type { ChatCommand, ChatSecret } from "@common/moderation";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { newId, newSecret, sha256 } from "../../lib/ids";
import type { AuditRecorder } from "../audit/audit.service";
import type { QueueService } from "../queue/queue.service";
import { chatLines, fitChatLine } from "./chat-lines";
import { createChatRepository } from "./chat.repository";

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  queue: Pick<QueueService, "chatView" | "positionByUsername">;
}

/** A chat line and its status: a bot shows the line whatever the status. */
export interface ChatAnswer {
  status: 200 | 404;
  line: string;
}

const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)));

/** Chat commands for Nightbot, StreamElements and Fossabot: one plain line per command, behind the stream's secret. */
export function createChatService(deps: ChatServiceDeps) {
  const repository = createChatRepository(deps.db);

  return {
    async secret(actor: Actor): Promise<ChatSecret> {
      requireAdmin(actor);
      const row = await repository.current();
      return { secret: row?.secret ?? null, created_at: row?.created_at ?? null };
    },

    /** A new secret; the links with the old one stop working at once. */
    async rotate(actor: Actor): Promise<ChatSecret> {
      requireActiveAdmin(actor);
      const row = { id: newId(), secret: newSecret(), created_at: toIso(deps.clock.now()) };
      await deps.db.transaction().execute(async (trx) => {
        await repository.replace(trx, row);
        await deps.audit.record(trx, { actor, action: "chat_secret.rotated" });
      });
      return { secret: row.secret, created_at: row.created_at };
    },

    /** The line a bot posts for `command`; an unknown secret answers 404 with a line too, for the bot to show. */
    async answer(secret: string, command: ChatCommand, site: string, name?: string): Promise<ChatAnswer> {
      const current = await repository.current();
      if (!current || !sameSecret(current.secret, secret)) return { status: 404, line: chatLines.unknownSecret };
      return { status: 200, line: await lineFor(command, `${site.replace(/\/+$/, "")}/queue`, name) };
    },
  };

  /** `joinUrl`: the app's public /queue page, where !link and !queue send people. */
  async function lineFor(command: ChatCommand, joinUrl: string, name?: string): Promise<string> {
    const view = await deps.queue.chatView();
    switch (command) {
      case "song":
        return fitChatLine(chatLines.song(view));
      case "next":
        return fitChatLine(chatLines.next(view));
      case "queue":
        return fitChatLine(chatLines.queue(view, joinUrl));
      case "link":
        return fitChatLine(chatLines.link(view, joinUrl));
      case "position": {
        // Chat users type "!position @name" as often as "!position name".
        const wanted = (name ?? "").trim().replace(/^@+/, "");
        if (!wanted) return chatLines.positionNeedsName;
        return fitChatLine(chatLines.position(wanted.slice(0, 100), await deps.queue.positionByUsername(wanted)));
      }
    }
  }
}

export type ChatService = ReturnType<typeof createChatService>;
