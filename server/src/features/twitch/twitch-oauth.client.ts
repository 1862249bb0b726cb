import { authorizeQuery, type AuthorizeRequest } from "../../lib/oauth-authorize";

/** Twitch's token answer (id.twitch.tv/oauth2/token). */
export interface TwitchTokens {
  accessToken: string;
  refreshToken: string;
  scopes: string[];
  expiresInSeconds: number;
  idToken: string | null;
}

/** Twitch refused the grant itself (a revoked or used refresh token): asking again will not help. */
export class TwitchGrantRefused extends Error {}

export interface TwitchOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** id.twitch.tv/oauth2 or a fake's address. */
  authUrl: string;
}

/** The authorization-code and refresh calls of Twitch's OAuth, at the configured address. */
export function createTwitchOAuthClient(settings: TwitchOAuthSettings) {
  async function token(form: Record<string, string>): Promise<TwitchTokens> {
    const response = await fetch(`${settings.authUrl}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 400 || response.status === 401 || response.status === 403) throw new TwitchGrantRefused(String(body.message ?? response.status));
    if (!response.ok || typeof body.access_token !== "string") throw new Error(`Twitch token endpoint answered ${response.status}`);
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : "",
      scopes: Array.isArray(body.scope) ? body.scope.map(String) : [],
      expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : 3600,
      idToken: typeof body.id_token === "string" ? body.id_token : null,
    };
  }

  return {
    authorizeUrl(params: AuthorizeRequest & { nonce?: string; claims?: object; forceVerify?: boolean }): string {
      const query = authorizeQuery(settings.clientId, params);
      if (params.nonce) query.set("nonce", params.nonce);
      if (params.claims) query.set("claims", JSON.stringify(params.claims));
      if (params.forceVerify) query.set("force_verify", "true");
      return `${settings.authUrl}/authorize?${query}`;
    },
    exchangeCode: (code: string, redirectUri: string) => token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),
    /** The app's own token (client credentials), for calls about public data such as who is live. */
    appToken: () => token({ grant_type: "client_credentials" }),
    jwksUrl: `${settings.authUrl}/keys`,
    issuer: settings.authUrl,
  };
}

export type TwitchOAuthClient = ReturnType<typeof createTwitchOAuthClient>;
