import { timingSafeEqual } from "node:crypto";
import type { ChatCommand, ChatSecret } from "@common/moderation";
import type { ChatRole, ChatSource } from "@common/chat-requests";
import type { Db } from "../../db/kysely";
import type { ChatCommandSecretsTable } from "../../db/tables/moderation";
import type { EventBus } from "../../events/domain-events";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { newId, newSecret, sha256 } from "../../lib/ids";
import type { AuditRecorder } from "../audit/audit.service";
import type { QueueService } from "../queue/queue.service";
import type { ChatIdentity, ChatRequestsService } from "../chat-requests/chat-requests.service";
import type { SkipVotesService } from "../skip-votes/skip-votes.service";
import { AppError } from "../../lib/errors";
import type { BotClaim } from "./bot-callers";
import type { FossabotClient } from "./fossabot.client";
import { chatLines, fitChatLine } from "./chat-lines";
import { createChatRepository } from "./chat.repository";

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  audit: AuditRecorder;
  queue: Pick<QueueService, "chatView" | "positionByUsername">;
  chatRequests: Pick<ChatRequestsService, "requestFromChat" | "withdrawLastRequest" | "positionOf" | "identityOf">;
  skipVotes: Pick<SkipVotesService, "voteFromChat">;
  fossabot: Pick<FossabotClient, "callerOf">;
}

/** A chat line and its status: a bot shows the line whatever the status. */
export interface ChatAnswer {
  status: 200 | 404;
  line: string;
}

/** What a command was given: `name` for !position someone, `text` after !sr, and who called as their bot says. */
export interface ChatCommandInput {
  name?: string;
  text?: string;
  claim: BotClaim;
}

type Caller = { source: ChatSource; identity: ChatIdentity; roles: ChatRole[] };

const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)));

/** Chat commands for Nightbot, StreamElements and Fossabot: one plain line per command, behind the stream's secret. */
export function createChatService(deps: ChatServiceDeps) {
  const repository = createChatRepository(deps.db);

  // Every bot request checks the secret, so it is kept in memory; a rotation on any instance drops it
  // (a read still under way then answers only those who asked before the rotation).
  let secretRead: Promise<ChatCommandSecretsTable | undefined> | null = null;
  deps.events.on("chat_secret.rotated", () => (secretRead = null));
  function currentSecret(): Promise<ChatCommandSecretsTable | undefined> {
    if (secretRead) return secretRead;
    const read = repository.current();
    secretRead = read;
    read.catch(() => {
      if (secretRead === read) secretRead = null;
    });
    return read;
  }

  /** The caller the bot vouches for, or the line that says why there is none. Fossabot is asked only here, after the secret matched. */
  async function callerOf(claim: BotClaim): Promise<Caller | { line: string }> {
    if (claim.kind === "known") return claim;
    if (claim.kind === "none") return { line: chatLines.callerUnknown };
    const proven = await deps.fossabot.callerOf(claim.token);
    if (!("refused" in proven)) return { source: "fossabot", ...proven };
    if (proven.refused === "invalid") return { line: chatLines.fossabotRefused };
    return { line: proven.refused === "unavailable" ? chatLines.fossabotUnavailable : chatLines.callerUnknown };
  }

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
      await deps.events.emit("chat_secret.rotated", { rotated_at: row.created_at });
      return { secret: row.secret, created_at: row.created_at };
    },
    /** The line for a command typed in the built-in chat connection, where the platform itself names the caller. */
    async answerConnected(command: ChatCommand, site: string, input: ChatCommandInput): Promise<string> {
      return fitChatLine(await lineFor(command, `${site.replace(/\/+$/, "")}/queue`, input));
    },
    /** The line a bot posts for `command`; an unknown secret answers 404 with a line too, for the bot to show. */
    async answer(secret: string, command: ChatCommand, site: string, input: ChatCommandInput): Promise<ChatAnswer> {
      const current = await currentSecret();
      if (!current || !sameSecret(current.secret, secret)) return { status: 404, line: chatLines.unknownSecret };
      return { status: 200, line: fitChatLine(await lineFor(command, `${site.replace(/\/+$/, "")}/queue`, input)) };
    },
  };

  /** `!skip`: one vote per chat identity and song; a refusal (off, nothing playing) is its sentence. */
  async function skipVoteLine(identity: ChatIdentity): Promise<string> {
    try {
      return chatLines.skipVote(identity.displayName, await deps.skipVotes.voteFromChat({ kind: "chat", ...(await deps.chatRequests.identityOf(identity)) }));
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return error.detail;
      throw error;
    }
  }

  /** `joinUrl`: the app's public /queue page, where !link and !queue send people. */
  async function lineFor(command: ChatCommand, joinUrl: string, input: ChatCommandInput): Promise<string> {
    switch (command) {
      case "song":
        return chatLines.song(await deps.queue.chatView());
      case "next":
        return chatLines.next(await deps.queue.chatView());
      case "queue":
        return chatLines.queue(await deps.queue.chatView(), joinUrl);
      case "link":
        return chatLines.link(await deps.queue.chatView(), joinUrl);
      case "skip": {
        const caller = await callerOf(input.claim);
        return "line" in caller ? caller.line : skipVoteLine(caller.identity);
      }
      case "position": {
        // Chat users type "!position @name" as often as "!position name"; without a name it is the caller's own.
        const wanted = (input.name ?? "").trim().replace(/^@+/, "");
        if (wanted) return chatLines.position(wanted.slice(0, 100), await deps.queue.positionByUsername(wanted));
        if (input.claim.kind === "none") return chatLines.positionNeedsName;
        const caller = await callerOf(input.claim);
        return "line" in caller ? caller.line : (await deps.chatRequests.positionOf(caller.identity)).line;
      }
      case "sr": {
        const caller = await callerOf(input.claim);
        if ("line" in caller) return caller.line;
        return (await deps.chatRequests.requestFromChat({ ...caller, text: input.text ?? "" })).line;
      }
      case "wrongsong": {
        const caller = await callerOf(input.claim);
        return "line" in caller ? caller.line : (await deps.chatRequests.withdrawLastRequest(caller.identity)).line;
      }
    }
  }
}

export type ChatService = ReturnType<typeof createChatService>;
