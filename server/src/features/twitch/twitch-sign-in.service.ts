import { createRemoteJWKSet, jwtVerify } from "jose";
import { DISPLAY_NAME_MAX_LENGTH } from "@common/users";
import { toIso, type Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { newId, newSecret, sha256 } from "../../lib/ids";
import type { TokenService } from "../auth/token.service";
import type { ChatRequestsService } from "../chat-requests/chat-requests.service";
import { safeRedirectPath } from "../google/google-oauth.service";
import { usernameCandidates } from "../google/google.service";
import type { UserAuthService } from "../user-auth/user-auth.service";
import type { Account, UsersService } from "../users/users.service";
import type { TwitchChannel } from "./twitch-channel";
import { TwitchGrantRefused } from "./twitch-oauth.client";

const STATE_PURPOSE = "twitch-sign-in";
export const TWITCH_SIGN_IN_STATE_TTL_SECONDS = 10 * 60;
const CLAIMS = { id_token: { email: null, email_verified: null, preferred_username: null } };

interface TwitchIdentity {
  sub: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Sign in with Twitch (OpenID Connect, authorization code) for members, beside Google: the account is
 * found by Twitch user id, else linked by an e-mail Twitch verified to an account whose address is
 * verified too, else created. The viewer's Twitch chat identity (entries, history) joins the account.
 */
export function createTwitchSignInService(deps: {
  channel: TwitchChannel;
  tokens: TokenService;
  clock: Clock;
  users: UsersService;
  userAuth: UserAuthService;
  chatRequests: Pick<ChatRequestsService, "linkToAccount">;
}) {
  const accounts = deps.users.accounts;
  const { settings } = deps.channel;
  const keys = createRemoteJWKSet(new URL(`${settings.authUrl}/keys`));
  const errorPage = (site: string, description: string) => `${site}/auth/error?${new URLSearchParams({ error: "oauth_failed", error_description: description })}`;

  async function verify(idToken: string, nonce: string): Promise<TwitchIdentity> {
    const { payload } = await jwtVerify(idToken, keys, { issuer: settings.authUrl, audience: settings.clientId ?? "" });
    if (typeof payload.sub !== "string" || payload.nonce !== nonce) throw new TwitchGrantRefused("ID token does not match this sign-in");
    const email = typeof payload.email === "string" ? payload.email.toLowerCase() : null;
    const name = typeof payload.preferred_username === "string" ? payload.preferred_username : payload.sub;
    return { sub: payload.sub, name, email, emailVerified: payload.email_verified === true };
  }

  async function create(identity: TwitchIdentity, email: string | null): Promise<Account> {
    for (const username of usernameCandidates({ email, name: identity.name })) {
      if (await accounts.usernameTaken(username)) continue;
      return accounts.insert({
        id: newId(),
        username,
        email,
        email_verified: email !== null,
        password_hash: null,
        google_sub: null,
        twitch_sub: identity.sub,
        display_name: [...identity.name].slice(0, DISPLAY_NAME_MAX_LENGTH).join(""),
        avatar_url: null,
        now: toIso(deps.clock.now()),
      });
    }
    throw new AppError(503, "Could not choose a username; please try again");
  }

  async function resolve(identity: TwitchIdentity): Promise<{ account: Account; created: boolean }> {
    const known = await accounts.findByTwitchSub(identity.sub);
    if (known) return { account: known, created: false };
    const email = identity.email && identity.emailVerified ? identity.email : null;
    const byEmail = email ? await accounts.findByEmail(email) : null;
    // Only an address both sides verified proves the same person; otherwise the two stay apart.
    if (byEmail && byEmail.email_verified && !byEmail.twitch_sub) {
      return { account: (await accounts.update(byEmail.id, { twitch_sub: identity.sub }, toIso(deps.clock.now()))) ?? byEmail, created: false };
    }
    return { account: await create(identity, byEmail ? null : email), created: true };
  }

  return {
    /** Twitch's consent page and the nonce for the browser's cookie. */
    async start(options: { redirectTo: unknown; clientState: string | null; site: string; callbackUrl: string }): Promise<{ location: string; nonce: string | null }> {
      if (!deps.channel.oauth)
        return {
          location: `${options.site}/auth/error?${new URLSearchParams({ error: "server_error", error_description: "Twitch sign-in is not configured on this server." })}`,
          nonce: null,
        };
      const nonce = newSecret();
      const state = await deps.tokens.signClaims(
        { nonce: sha256(nonce), redirect_to: safeRedirectPath(options.redirectTo), client_state: options.clientState },
        STATE_PURPOSE,
        TWITCH_SIGN_IN_STATE_TTL_SECONDS,
      );
      return {
        location: deps.channel.oauth.authorizeUrl({
          redirectUri: options.callbackUrl,
          scopes: ["openid", "user:read:email"],
          state,
          nonce: sha256(`oidc:${nonce}`),
          claims: CLAIMS,
        }),
        nonce,
      };
    },

    /** Where the browser goes back from Twitch: the success page with tokens, or the error page. */
    async finish(query: { code?: string; state?: string; error?: string }, cookieNonce: string | null, site: string, callbackUrl: string): Promise<string> {
      const oauth = deps.channel.oauth;
      if (query.error === "access_denied") return errorPage(site, "You cancelled the Twitch sign-in process");
      const claims = query.state ? await deps.tokens.verifyClaims(query.state, STATE_PURPOSE) : null;
      if (!oauth || !claims || !cookieNonce || claims.nonce !== sha256(cookieNonce) || !query.code) {
        return `${site}/auth/error?${new URLSearchParams({ error: "invalid_state", error_description: "The sign-in request expired or is not valid. Please try again." })}`;
      }
      try {
        const tokens = await oauth.exchangeCode(query.code, callbackUrl);
        if (!tokens.idToken) throw new TwitchGrantRefused("no ID token");
        const identity = await verify(tokens.idToken, sha256(`oidc:${cookieNonce}`));
        const { account, created } = await resolve(identity);
        await deps.chatRequests.linkToAccount({ platform: "twitch", platformUserId: identity.sub, displayName: identity.name }, account.id);
        const session = await deps.userAuth.signIn(account);
        const params = new URLSearchParams({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          user_id: session.user.user_id,
          type: "user",
          is_new_user: String(created),
          redirect_to: safeRedirectPath(claims.redirect_to),
        });
        if (typeof claims.client_state === "string") params.set("state", claims.client_state);
        return `${site}/auth/success?${params}`;
      } catch (error) {
        if (error instanceof AppError) throw error;
        return errorPage(site, "Twitch sign-in failed");
      }
    },
  };
}

export type TwitchSignInService = ReturnType<typeof createTwitchSignInService>;
