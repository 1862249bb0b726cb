import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { hasControlCharacters } from "@common/text";
import type { Clock } from "../../lib/clock";

export type PrincipalKind = "admin" | "user";

export interface AccessClaims {
  sub: string;
  kind: PrincipalKind;
  exp: number;
  /** An admin's session version when the login started (0 when absent); a revocation raises the admin's. */
  sv: number;
}

/** Signs and checks short-lived access tokens. An admin token never verifies as a user token, nor the reverse. */
export function createTokenService(options: { secret: string; accessTtlSeconds: number; clock: Clock }) {
  // Imported once: handed the raw bytes, jose imports the key again for every token it signs or checks,
  // half of the time each of those takes.
  const keyPromise = crypto.subtle.importKey("raw", new TextEncoder().encode(options.secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  // A key that cannot be imported fails each sign and check that awaits it, not the process meanwhile.
  keyPromise.catch(() => undefined);
  const audience = (kind: PrincipalKind) => `livequeue:${kind}`;
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000);

  return {
    async signAccess(subject: string, kind: PrincipalKind, claims: Record<string, unknown> = {}): Promise<string> {
      const iat = nowSeconds();
      return new SignJWT({ ...claims, kind })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(subject)
        .setAudience(audience(kind))
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.accessTtlSeconds)
        .sign(await keyPromise);
    },

    /** Returns the claims, or null when the token is malformed, forged, expired or of the other kind. */
    async verifyAccess(token: string, kind: PrincipalKind): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          audience: audience(kind),
          algorithms: ["HS256"],
          currentDate: options.clock.now(),
        });
        // A subject no id can have (only our own key could sign one) is refused before any lookup.
        if (typeof payload.sub !== "string" || hasControlCharacters(payload.sub) || typeof payload.exp !== "number") return null;
        return { sub: payload.sub, kind, exp: payload.exp, sv: typeof payload.sv === "number" ? payload.sv : 0 };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },

    /** Signs any other short-lived claim set (refresh tokens, upload URLs) with the same key. */
    async signClaims(claims: Record<string, unknown>, purpose: string, ttlSeconds: number): Promise<string> {
      const iat = nowSeconds();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setAudience(`livequeue:${purpose}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await keyPromise);
    },

    async verifyClaims(token: string, purpose: string): Promise<Record<string, unknown> | null> {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          audience: `livequeue:${purpose}`,
          algorithms: ["HS256"],
          currentDate: options.clock.now(),
        });
        return payload as Record<string, unknown>;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
