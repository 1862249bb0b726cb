import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { Config } from "../../config";
import type { Clock } from "../../lib/clock";

const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const HTTP_TIMEOUT_MS = 5000;
// Google's own clocks and ours may differ a little.
const CLOCK_TOLERANCE_SECONDS = 30;

/** Who Google says signed in. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface YoutubeChannel {
  id: string;
  title: string;
}

/** Why talking to Google failed, in words fit for the sign-in error page's technical details. */
export class GoogleError extends Error {
  constructor(
    message: string,
    /** True when Google could not be reached, as opposed to Google (or the token) saying no. */
    readonly unavailable = false,
  ) {
    super(message);
  }
}

const tokenResponseSchema = z.object({ id_token: z.string().min(1), access_token: z.string().min(1).optional() });
const channelsResponseSchema = z.object({
  items: z.array(z.object({ id: z.string().regex(/^[\w-]{1,200}$/), snippet: z.object({ title: z.string().max(500) }) })).optional(),
});

/** Text from Google, cut to size by whole characters and without control characters (PostgreSQL refuses NUL). */
function optionalText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = [...value.replace(/\p{Cc}/gu, "").trim()].slice(0, max).join("");
  return text.length > 0 ? text : null;
}

/** The only code that talks to Google: ID-token checks, the code exchange and the channel lookup. */
export function createGoogleClient(config: Config["google"], clock: Clock) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: HTTP_TIMEOUT_MS });

  return {
    configured: Boolean(config.clientId),
    /** The redirect flow also needs the client secret. */
    redirectConfigured: Boolean(config.clientId && config.clientSecret),

    /**
     * Checks an ID token's signature against Google's published keys, its issuer, its audience (our
     * client id) and its expiry. Throws GoogleError when any of them fails.
     */
    async verifyIdToken(credential: string): Promise<GoogleIdentity> {
      if (!config.clientId) throw new GoogleError("Google sign-in is not configured");
      try {
        const { payload } = await jwtVerify(credential, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: config.clientId,
          algorithms: ["RS256"],
          currentDate: clock.now(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["sub", "exp"],
        });
        if (typeof payload.sub !== "string" || !payload.sub || payload.sub.length > 255) throw new GoogleError("ID token has no subject");
        const email = optionalText(payload.email, 254)?.toLowerCase() ?? null;
        return {
          sub: payload.sub,
          email,
          emailVerified: email !== null && (payload.email_verified === true || payload.email_verified === "true"),
          name: optionalText(payload.name, 200),
          picture: optionalText(payload.picture, 2048),
        };
      } catch (error) {
        if (error instanceof GoogleError) throw error;
        if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && error.message.includes("fetch"))) {
          throw new GoogleError(`Google's signing keys are unreachable: ${error.message}`, true);
        }
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
          throw new GoogleError(`ID token rejected: ${error.message}`);
        }
        throw error;
      }
    },

    /** Trades an authorization code for tokens at the token endpoint. */
    async exchangeCode(code: string, redirectUri: string): Promise<{ idToken: string; accessToken: string | null }> {
      if (!config.clientId || !config.clientSecret) throw new GoogleError("Google sign-in is not configured");
      let response: Response;
      try {
        response = await fetch(config.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            code,
            client_id: config.clientId,
            client_secret: config.clientSecret,
            redirect_uri: redirectUri,
            grant_type: "authorization_code",
          }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (error) {
        throw new GoogleError(`Token endpoint unreachable: ${(error as Error).message}`, true);
      }
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        const reason = body && typeof body.error === "string" ? body.error : `status ${response.status}`;
        throw new GoogleError(`Code exchange failed: ${reason.slice(0, 200)}`);
      }
      const parsed = tokenResponseSchema.safeParse(body);
      if (!parsed.success) throw new GoogleError("Token endpoint answered without an ID token");
      return { idToken: parsed.data.id_token, accessToken: parsed.data.access_token ?? null };
    },

    /** The signed-in person's own video channel, or null when there is none or it cannot be read. */
    async readChannel(accessToken: string): Promise<YoutubeChannel | null> {
      try {
        const response = await fetch(`${config.youtubeApiBase}/channels?part=snippet&mine=true`, {
          headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        if (!response.ok) return null;
        const parsed = channelsResponseSchema.safeParse(await response.json());
        const channel = parsed.success ? parsed.data.items?.[0] : undefined;
        const title = optionalText(channel?.snippet.title, 200);
        return channel && title ? { id: channel.id, title } : null;
      } catch {
        // The channel is a bonus: signing in goes on without it.
        return null;
      }
    },
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;
