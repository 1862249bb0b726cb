import { CHAT_COMMANDS, type ChatCommand } from "@common/moderation";
import type { ChatRole } from "@common/chat-requests";
import { type Clock, toIso } from "../../lib/clock";
import type { ChatService } from "../chat/chat.service";
import type { YoutubeChatMessage } from "./youtube-chat.client";
import type { YoutubeChatRepository } from "./youtube-chat.repository";

/** Message ids kept to spot a page read twice (a reader handover); pages are minutes apart at most. */
const SEEN_KEEP_MS = 24 * 3600_000;
/** YouTube refuses longer live chat messages (messageTextInvalid). */
const YOUTUBE_LINE_MAX = 200;
const COMMAND = /^!(\w+)(?:\s+(.*))?$/s;

const isCommand = (word: string): word is ChatCommand => (CHAT_COMMANDS as readonly string[]).includes(word);
const clipLine = (line: string) => (line.length > YOUTUBE_LINE_MAX ? `${line.slice(0, YOUTUBE_LINE_MAX - 1)}…` : line);

/** What YouTube says of the viewer: the channel owner, its moderators, and its members (sponsors). */
function rolesOf(message: YoutubeChatMessage): ChatRole[] {
  const roles: ChatRole[] = [];
  if (message.isChatOwner) roles.push("broadcaster");
  if (message.isChatModerator) roles.push("moderator");
  if (message.isChatSponsor) roles.push("subscriber");
  return roles;
}

/** YouTube live chat commands into the queue, with the same rules and lines as every other way in. */
export function createYoutubeChatRequestsService(deps: { repository: YoutubeChatRepository; clock: Clock; chat: Pick<ChatService, "answerConnected">; site: string }) {
  return {
    /** A chat message: a command is handled once (its id) and answered in chat; other talk is left alone. */
    async onMessage(message: YoutubeChatMessage, say: (line: string) => Promise<void>): Promise<void> {
      const [, word, rest = ""] = COMMAND.exec(message.text.trim()) ?? [];
      const command = word?.toLowerCase();
      if (!command || !isCommand(command)) return;
      if (!(await deps.repository.markSeen(message.id, toIso(deps.clock.now())))) return;
      const identity = { platform: "youtube" as const, platformUserId: message.channelId, displayName: message.displayName };
      const line = await deps.chat.answerConnected(command, deps.site, {
        name: rest,
        text: rest,
        claim: { kind: "known", source: "youtube_chat", identity, roles: rolesOf(message) },
      });
      if (line) await say(clipLine(line));
    },

    /** Forgets message ids old enough that no page will hold them again. */
    forgetOldChat: () => deps.repository.forgetSeenBefore(toIso(new Date(deps.clock.now().getTime() - SEEN_KEEP_MS))),
  };
}

export type YoutubeChatRequestsService = ReturnType<typeof createYoutubeChatRequestsService>;
