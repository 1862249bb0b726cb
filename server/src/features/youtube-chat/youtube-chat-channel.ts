import { YOUTUBE_CHAT_MESSAGES } from "@common/youtube-chat";
import type { Config } from "../../config";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { loadOrCreateSecret } from "../../lib/secrets";
import { createTokenCipher, type TokenCipher } from "../twitch/twitch-token-cipher";
import { createYoutubeChatClient, GoogleGrantRefused, type YoutubeChatClient } from "./youtube-chat.client";
import { createYoutubeChatRepository, type YoutubeChatConnectionRow, type YoutubeChatRepository } from "./youtube-chat.repository";

/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export interface YoutubeChatChannel {
  repository: YoutubeChatRepository;
  cipher: TokenCipher;
  /** Null while GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  client: YoutubeChatClient | null;
  settings: Config["youtubeChat"];
  /** The row's access token, refreshed first when it is (nearly) out of date or `force` says YouTube refused it. */
  accessToken(row: YoutubeChatConnectionRow, force?: boolean): Promise<string>;
}

/** What the YouTube chat services share: the stored connection, the token cipher, and Google's client with refresh. */
export function createYoutubeChatChannel(deps: { config: Config; db: Db; clock: Clock }): YoutubeChatChannel {
  const { google } = deps.config;
  const settings = deps.config.youtubeChat;
  const repository = createYoutubeChatRepository(deps.db);
  const cipher = createTokenCipher(settings.tokenKey ?? loadOrCreateSecret(deps.config.dataDir, "youtube_chat_token_key"));
  const client =
    google.clientId && google.clientSecret
      ? createYoutubeChatClient({
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          authUrl: google.authUrl,
          tokenUrl: google.tokenUrl,
          apiBase: google.youtubeApiBase,
        })
      : null;

  async function refresh(row: YoutubeChatConnectionRow): Promise<string> {
    try {
      const tokens = await client!.refresh(cipher.open(row.refresh_token));
      const now = deps.clock.now();
      await repository.updateConnection(row.connected_at, {
        access_token: cipher.seal(tokens.accessToken),
        ...(tokens.refreshToken ? { refresh_token: cipher.seal(tokens.refreshToken) } : {}),
        scopes: tokens.scopes.join(" ") || row.scopes,
        expires_at: toIso(new Date(now.getTime() + tokens.expiresInSeconds * 1000)),
        updated_at: toIso(now),
      });
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof GoogleGrantRefused)) throw error;
      // Another instance may have refreshed a moment ago with a refresh token Google then rotated.
      const latest = await repository.connection();
      if (latest && latest.connected_at === row.connected_at && latest.refresh_token !== row.refresh_token) return cipher.open(latest.access_token);
      await repository.updateConnection(row.connected_at, { status: "stopped", status_reason: YOUTUBE_CHAT_MESSAGES.tokenRevoked, updated_at: toIso(deps.clock.now()) });
      throw error;
    }
  }

  return {
    repository,
    cipher,
    client,
    settings,
    async accessToken(row, force = false) {
      if (force || Date.parse(row.expires_at) - deps.clock.now().getTime() < REFRESH_MARGIN_MS) return refresh(row);
      return cipher.open(row.access_token);
    },
  };
}
