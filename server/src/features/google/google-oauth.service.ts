import { AppError } from "../../lib/errors";
import { newSecret, sha256 } from "../../lib/ids";
import type { TokenService } from "../auth/token.service";
import type { GoogleClient } from "./google.client";
import { GoogleError } from "./google.client";
import type { GoogleService } from "./google.service";

const STATE_PURPOSE = "google-oauth-state";
/** How long a person has to finish signing in at Google. */
export const STATE_TTL_SECONDS = 10 * 60;
const BASE_SCOPES = ["openid", "email", "profile"];
const YOUTUBE_SCOPE = "https://www.googleapis.com/auth/youtube.readonly";
const MAX_REDIRECT_LENGTH = 2048;

/**
 * Where to send the person after signing in: a path on this site only. Anything else (another host,
 * `//host`, `/\host`, control characters) becomes "/", so the flow cannot be used as an open redirect.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/[\p{Cc}\\]/u.test(value)) return "/";
  return value;
}

/** Error codes from Google are passed on only when they look like codes. */
const errorCode = (value: unknown) => (typeof value === "string" && /^[a-z_]{1,64}$/.test(value) ? value : "oauth_failed");
const clip = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : undefined);

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * The browser redirect flow: start -> Google's consent page -> callback -> /auth/success or /auth/error.
 * The state is signed and short-lived, and bound to the browser that started the flow by a cookie
 * holding a nonce, so a callback URL made in another browser cannot sign anyone in.
 */
export function createGoogleOAuthService(deps: { authUrl: string; clientId: string | undefined; tokens: TokenService; google: GoogleClient; googleSignIn: GoogleService }) {
  /** `site` is the app's origin (no trailing slash): the browser lands back where it started. */
  function errorPage(site: string, code: string, description: string, detail?: string): string {
    const params = new URLSearchParams({ error: code, error_description: description });
    if (detail) params.set("detail", detail);
    return `${site}/auth/error?${params}`;
  }

  return {
    /** The consent page address and the nonce for the browser's cookie. */
    async start(options: {
      redirectTo: unknown;
      youtube: boolean;
      clientState: string | null;
      site: string;
      callbackUrl: string;
    }): Promise<{ location: string; nonce: string | null }> {
      if (!deps.google.redirectConfigured || !deps.clientId) {
        return { location: errorPage(options.site, "server_error", "Google sign-in is not configured on this server."), nonce: null };
      }
      const nonce = newSecret();
      const state = await deps.tokens.signClaims(
        { nonce: sha256(nonce), redirect_to: safeRedirectPath(options.redirectTo), youtube: options.youtube, client_state: options.clientState },
        STATE_PURPOSE,
        STATE_TTL_SECONDS,
      );
      const params = new URLSearchParams({
        client_id: deps.clientId,
        redirect_uri: options.callbackUrl,
        response_type: "code",
        scope: [...BASE_SCOPES, ...(options.youtube ? [YOUTUBE_SCOPE] : [])].join(" "),
        state,
        prompt: "select_account",
        include_granted_scopes: "true",
      });
      return { location: `${deps.authUrl}?${params}`, nonce };
    },

    /** Where to send the browser back from Google: the success page with tokens, or the error page. */
    async finish(query: CallbackQuery, cookieNonce: string | null, site: string, callbackUrl: string): Promise<string> {
      if (query.error) {
        const code = errorCode(query.error);
        const description = clip(query.error_description, 300) ?? (code === "access_denied" ? "You cancelled the Google sign-in process" : "Google sign-in failed");
        return errorPage(site, code, description);
      }
      const claims = typeof query.state === "string" ? await deps.tokens.verifyClaims(query.state, STATE_PURPOSE) : null;
      if (!claims || !cookieNonce || claims.nonce !== sha256(cookieNonce)) {
        return errorPage(site, "invalid_state", "The sign-in request expired or is not valid. Please try again.");
      }
      if (typeof query.code !== "string" || !query.code || query.code.length > 4096) {
        return errorPage(site, "invalid_request", "Google did not return an authorization code.");
      }
      try {
        const tokens = await deps.google.exchangeCode(query.code, callbackUrl);
        const session = await deps.googleSignIn.signIn(tokens.idToken, claims.youtube === true ? tokens.accessToken : null);
        const params = new URLSearchParams({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          user_id: session.user.user_id,
          type: "user",
          is_new_user: String(session.is_new_user),
          redirect_to: safeRedirectPath(claims.redirect_to),
          youtube_connected: String(session.youtube_connected),
        });
        if (session.youtube_channel) params.set("youtube_channel", session.youtube_channel.title);
        // The web page signs in only with the proof of the tab that started (see the web's redirect-proof.ts).
        if (typeof claims.client_state === "string") params.set("state", claims.client_state);
        return `${site}/auth/success?${params}`;
      } catch (error) {
        if (!(error instanceof GoogleError || error instanceof AppError)) throw error;
        return errorPage(site, "oauth_failed", "Google sign-in failed", error.message.slice(0, 300));
      }
    },

    /** For a failure of our own while finishing a sign-in. */
    internalErrorPage(site: string): string {
      return errorPage(site, "internal_error", "Something went wrong while signing you in. Please try again.");
    },
  };
}

export type GoogleOAuthService = ReturnType<typeof createGoogleOAuthService>;
