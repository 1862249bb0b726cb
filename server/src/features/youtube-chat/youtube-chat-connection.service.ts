import { YOUTUBE_CHAT_MESSAGES, YOUTUBE_CHAT_SCOPE, type YoutubeChatStatus } from "@common/youtube-chat";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest } from "../../lib/errors";
import type { TokenService } from "../auth/token.service";
import type { YoutubeChatChannel } from "./youtube-chat-channel";
import { GoogleGrantRefused, YoutubeApiError } from "./youtube-chat.client";

const STATE_PURPOSE = "youtube-chat-connect";
const STATE_TTL_SECONDS = 10 * 60;

/** The host connects the YouTube channel once (Google's authorization code flow) and sees how its live chat is read. */
export function createYoutubeChatConnectionService(deps: { channel: YoutubeChatChannel; tokens: TokenService; clock: Clock }) {
  const { repository, cipher } = deps.channel;

  function configured() {
    if (!deps.channel.client) throw badRequest(YOUTUBE_CHAT_MESSAGES.notConfigured);
    return deps.channel.client;
  }

  return {
    async status(actor: Actor): Promise<YoutubeChatStatus> {
      requireActiveAdmin(actor);
      if (!deps.channel.client) return { state: "not_configured", reason: YOUTUBE_CHAT_MESSAGES.notConfigured, channel: null };
      const row = await repository.connection();
      if (!row) return { state: "not_connected", reason: null, channel: null };
      return { state: row.status as YoutubeChatStatus["state"], reason: row.status_reason, channel: row.channel_id ? { id: row.channel_id, title: row.channel_title } : null };
    },

    /** Google's consent page for the channel's account; `callbackUrl` is this app's callback. */
    async connectUrl(actor: Actor, callbackUrl: string): Promise<string> {
      requireActiveAdmin(actor);
      const client = configured();
      const state = await deps.tokens.signClaims({ connect: true }, STATE_PURPOSE, STATE_TTL_SECONDS);
      return client.authorizeUrl({ redirectUri: callbackUrl, scopes: [YOUTUBE_CHAT_SCOPE], state });
    },

    /** Where Google sends the host back: stores the tokens (encrypted) and says whether it worked. */
    async finishConnect(query: { code?: string; state?: string; error?: string }, callbackUrl: string): Promise<{ ok: boolean; message: string | null }> {
      const client = configured();
      const claims = query.state ? await deps.tokens.verifyClaims(query.state, STATE_PURPOSE) : null;
      if (!claims || query.error || !query.code) return { ok: false, message: YOUTUBE_CHAT_MESSAGES.connectFailed };
      try {
        const tokens = await client.exchangeCode(query.code, callbackUrl);
        if (!tokens.refreshToken) return { ok: false, message: YOUTUBE_CHAT_MESSAGES.connectFailed };
        const granted = tokens.scopes.includes(YOUTUBE_CHAT_SCOPE);
        const channel = granted ? await client.myChannel(tokens.accessToken) : null;
        if (granted && !channel) return { ok: false, message: YOUTUBE_CHAT_MESSAGES.noChannel };
        const now = deps.clock.now();
        await repository.saveConnection({
          channel_id: channel?.id ?? "",
          channel_title: channel?.title ?? "",
          scopes: tokens.scopes.join(" "),
          access_token: cipher.seal(tokens.accessToken),
          refresh_token: cipher.seal(tokens.refreshToken),
          expires_at: toIso(new Date(now.getTime() + tokens.expiresInSeconds * 1000)),
          live_chat_id: null,
          page_token: null,
          // Without the scope nothing can be read: the host sees why at once.
          status: granted ? "connecting" : "stopped",
          status_reason: granted ? null : YOUTUBE_CHAT_MESSAGES.missingScope,
          connected_at: toIso(now),
          updated_at: toIso(now),
        });
        return { ok: true, message: null };
      } catch (error) {
        if (!(error instanceof GoogleGrantRefused || error instanceof YoutubeApiError)) throw error;
        return { ok: false, message: YOUTUBE_CHAT_MESSAGES.connectFailed };
      }
    },

    async disconnect(actor: Actor): Promise<void> {
      requireActiveAdmin(actor);
      await repository.deleteConnection();
    },
  };
}

export type YoutubeChatConnectionService = ReturnType<typeof createYoutubeChatConnectionService>;
