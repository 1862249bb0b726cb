import type { AccessToken, AccessTokenWithUserId, AuthProvider } from "@twurple/auth";
import type { UserIdResolvable } from "@twurple/api";
import { type Clock, toIso } from "../../lib/clock";
import type { TokenCipher } from "./twitch-token-cipher";
import { type TwitchOAuthClient, TwitchGrantRefused } from "./twitch-oauth.client";
import type { TwitchConnectionRow, TwitchRepository } from "./twitch.repository";

/** twurple's `extractUserId`, without loading @twurple/api for it. */
const userIdOf = (user: UserIdResolvable): string => (typeof user === "string" ? user : typeof user === "number" ? user.toString(10) : user.id);

/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export const TWITCH_STATUS_REASONS = {
  revoked: "The Twitch authorization was revoked: connect the channel again.",
} as const;

/**
 * twurple's AuthProvider over the tokens stored (encrypted) in the database, refreshed at the configured
 * OAuth address. twurple's own RefreshingAuthProvider keeps tokens in one process's memory and refreshes
 * at id.twitch.tv only; several instances must share one refresh.
 */
export function createTwitchAuthProvider(deps: { clientId: string; repository: TwitchRepository; cipher: TokenCipher; oauth: TwitchOAuthClient; clock: Clock }): AuthProvider {
  let scopes: string[] = [];
  let appToken: { accessToken: string; expiresAt: number } | null = null;

  /** The app's token for public data, kept until shortly before it ends. */
  async function appAccessToken(forceNew = false): Promise<AccessToken> {
    const now = deps.clock.now().getTime();
    if (forceNew || !appToken || appToken.expiresAt - REFRESH_MARGIN_MS < now) {
      const tokens = await deps.oauth.appToken();
      appToken = { accessToken: tokens.accessToken, expiresAt: now + tokens.expiresInSeconds * 1000 };
    }
    return { accessToken: appToken.accessToken, refreshToken: null, scope: [], expiresIn: Math.floor((appToken.expiresAt - now) / 1000), obtainmentTimestamp: now };
  }

  const present = (row: TwitchConnectionRow): AccessTokenWithUserId => {
    scopes = row.scopes.split(" ").filter(Boolean);
    return {
      userId: row.broadcaster_id,
      accessToken: deps.cipher.open(row.access_token),
      refreshToken: deps.cipher.open(row.refresh_token),
      scope: scopes,
      expiresIn: Math.max(0, Math.floor((Date.parse(row.expires_at) - deps.clock.now().getTime()) / 1000)),
      obtainmentTimestamp: deps.clock.now().getTime(),
    };
  };

  async function refresh(row: TwitchConnectionRow): Promise<AccessTokenWithUserId> {
    try {
      const tokens = await deps.oauth.refresh(deps.cipher.open(row.refresh_token));
      const now = deps.clock.now();
      await deps.repository.updateConnection({
        access_token: deps.cipher.seal(tokens.accessToken),
        refresh_token: deps.cipher.seal(tokens.refreshToken || deps.cipher.open(row.refresh_token)),
        scopes: tokens.scopes.join(" ") || row.scopes,
        expires_at: toIso(new Date(now.getTime() + tokens.expiresInSeconds * 1000)),
        updated_at: toIso(now),
      });
      return present((await deps.repository.connection())!);
    } catch (error) {
      if (!(error instanceof TwitchGrantRefused)) throw error;
      // Another instance may have used this refresh token a moment ago: its new tokens are in the row.
      const latest = await deps.repository.connection();
      if (latest && latest.refresh_token !== row.refresh_token) return present(latest);
      await deps.repository.updateConnection({ status: "stopped", status_reason: TWITCH_STATUS_REASONS.revoked, updated_at: toIso(deps.clock.now()) });
      throw error;
    }
  }

  async function tokenFor(user: UserIdResolvable): Promise<AccessTokenWithUserId | null> {
    const row = await deps.repository.connection();
    if (!row || row.broadcaster_id !== userIdOf(user)) return null;
    if (Date.parse(row.expires_at) - deps.clock.now().getTime() < REFRESH_MARGIN_MS) return refresh(row);
    return present(row);
  }

  return {
    clientId: deps.clientId,
    getCurrentScopesForUser: () => scopes,
    getAccessTokenForUser: (user) => tokenFor(user),
    getAppAccessToken: appAccessToken,
    async getAnyAccessToken() {
      const row = await deps.repository.connection();
      return row && row.status !== "stopped" ? (await tokenFor(row.broadcaster_id))! : appAccessToken();
    },
    async refreshAccessTokenForUser(user) {
      const row = await deps.repository.connection();
      if (!row || row.broadcaster_id !== userIdOf(user)) throw new Error("No Twitch token for this user");
      return refresh(row);
    },
  };
}
