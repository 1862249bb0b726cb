import type { ApiClient } from "@twurple/api";
import type { Config } from "../../config";
import type { Db } from "../../db/kysely";
import type { Clock } from "../../lib/clock";
import { loadOrCreateSecret } from "../../lib/secrets";
import { createTwitchApiClient } from "./twitch-api";
import { createTwitchAuthProvider } from "./twitch-auth-provider";
import { type TwitchOAuthClient, createTwitchOAuthClient } from "./twitch-oauth.client";
import { createTokenCipher, type TokenCipher } from "./twitch-token-cipher";
import { createTwitchRepository, type TwitchRepository } from "./twitch.repository";

/** The scopes the connected account grants: read and write chat, create rewards and settle their redemptions. */
export const CHANNEL_SCOPES = ["user:read:chat", "user:write:chat", "channel:manage:redemptions"] as const;

export interface TwitchChannel {
  repository: TwitchRepository;
  cipher: TokenCipher;
  /** Null while TWITCH_CLIENT_ID / TWITCH_CLIENT_SECRET are not set. */
  oauth: TwitchOAuthClient | null;
  /** The Helix client, made on first use; null while Twitch is not configured. */
  api: (() => Promise<ApiClient>) | null;
  settings: Config["twitch"];
}

/** What every Twitch service shares: the stored channel, the token cipher, OAuth and the Helix client. */
export function createTwitchChannel(deps: { config: Config; db: Db; clock: Clock }): TwitchChannel {
  const settings = deps.config.twitch;
  const repository = createTwitchRepository(deps.db);
  const cipher = createTokenCipher(settings.tokenKey ?? loadOrCreateSecret(deps.config.dataDir, "twitch_token_key"));
  if (!settings.clientId || !settings.clientSecret) return { repository, cipher, oauth: null, api: null, settings };
  const oauth = createTwitchOAuthClient({ clientId: settings.clientId, clientSecret: settings.clientSecret, authUrl: settings.authUrl });
  const provider = createTwitchAuthProvider({ clientId: settings.clientId, repository, cipher, oauth, clock: deps.clock });
  let client: Promise<ApiClient> | null = null;
  const api = () => (client ??= createTwitchApiClient(provider, settings.apiUrl));
  return { repository, cipher, oauth, api, settings };
}
