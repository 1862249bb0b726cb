import { ANONYMOUS } from "../../lib/access";
import { AppError } from "../../lib/errors";
import type { QueueService } from "../queue/queue.service";
import type { ChatRequestCore } from "./twitch-requests.service";

const SONG_REQUEST = /^!sr\s+(\S.*)$/i;

/**
 * Requests from Twitch through the web page's submission rules, each viewer known by their Twitch name.
 * Stands in until the chat-request core (chat identities, roles, !wrongsong) takes its place.
 */
export function createQueueChatCore(queue: QueueService): ChatRequestCore {
  return {
    async requestFromChat(request) {
      const name = request.identity.display_name;
      const link = request.source === "twitch_chat" ? SONG_REQUEST.exec(request.text)?.[1]?.trim() : request.text.trim();
      if (!link) return { line: "", entryId: null };
      try {
        const result = await queue.submit({ actor: ANONYMOUS, input: { username: name, artist_name: name, track_title: link, link }, bypassDuplicates: false, fastPassLevel: 0 });
        return { line: `@${name} your song is in the queue.`, entryId: result.queuer.id };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { line: `@${name} ${error.detail}`, entryId: null };
      }
    },
  };
}
