import type { AppDeps } from "../../app-deps";
import type { Outbox } from "../../events/outbox";
import type { ServiceLog } from "../../lib/log";
import type { TwitchChatDeps } from "./twitch-requests.service";
import { createTwitchChannel } from "./twitch-channel";
import { createTwitchLive } from "./twitch-live";
import { createTwitchChatReader } from "./twitch-chat-reader";
import { createTwitchConnectionService } from "./twitch-connection.service";
import { createTwitchRequestsService } from "./twitch-requests.service";
import { createTwitchSignInService } from "./twitch-sign-in.service";
import type { UserAuthService } from "../user-auth/user-auth.service";
import type { UsersService } from "../users/users.service";

/** The Twitch channel connection, its chat and channel-point requests, and the one reader per deployment. */
export function createTwitchServices(deps: AppDeps & Omit<TwitchChatDeps, "site"> & { log: ServiceLog; outbox: Outbox; users: UsersService; userAuth: UserAuthService }) {
  const channel = createTwitchChannel(deps);
  const twitchConnection = createTwitchConnectionService({ channel, tokens: deps.tokens, clock: deps.clock });
  const twitchRequests = createTwitchRequestsService({
    db: deps.db,
    clock: deps.clock,
    outbox: deps.outbox,
    events: deps.events,
    channel,
    chatRequests: deps.chatRequests,
    chat: deps.chat,
    skipTheLine: deps.skipTheLine,
    site: deps.config.publicUrl,
  });
  const twitchReader = createTwitchChatReader({
    channel,
    clock: deps.clock,
    redisUrl: deps.config.redisUrl,
    keyPrefix: deps.config.redisKeyPrefix,
    onChat: (message) => twitchRequests.onChat(message),
    onRedemption: (redemption) => twitchRequests.onRedemption(redemption),
    log: deps.log,
  });
  const twitchSignIn = createTwitchSignInService({ channel, tokens: deps.tokens, clock: deps.clock, users: deps.users, userAuth: deps.userAuth, chatRequests: deps.chatRequests });
  return { twitchConnection, twitchRequests, twitchReader, twitchSignIn, twitchLive: createTwitchLive(channel) };
}
