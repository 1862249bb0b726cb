import type { AppDeps } from "../../app-deps";
import type { ServiceLog } from "../../lib/log";
import type { ChatService } from "../chat/chat.service";
import { createYoutubeChatChannel } from "./youtube-chat-channel";
import { createYoutubeChatConnectionService } from "./youtube-chat-connection.service";
import { createYoutubeChatReader } from "./youtube-chat-reader";
import { createYoutubeChatRequestsService } from "./youtube-chat-requests.service";

/** The YouTube live chat connection, its requests, and the one reader per deployment. */
export function createYoutubeChatServices(deps: AppDeps & { log: ServiceLog; chat: Pick<ChatService, "answerConnected"> }) {
  const channel = createYoutubeChatChannel(deps);
  const youtubeChatRequests = createYoutubeChatRequestsService({ repository: channel.repository, clock: deps.clock, chat: deps.chat, site: deps.config.publicUrl });
  const youtubeChatReader = createYoutubeChatReader({
    channel,
    clock: deps.clock,
    redisUrl: deps.config.redisUrl,
    keyPrefix: deps.config.redisKeyPrefix,
    onMessage: (message, say) => youtubeChatRequests.onMessage(message, say),
    log: deps.log,
  });
  const youtubeChatConnection = createYoutubeChatConnectionService({ channel, tokens: deps.tokens, clock: deps.clock });
  return { youtubeChatConnection, youtubeChatRequests, youtubeChatReader };
}
