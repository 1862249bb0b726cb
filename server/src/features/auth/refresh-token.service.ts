import type { Db } from "../../db/kysely";
import type { Clock } from "../../lib/clock";
import { toIso } from "../../lib/clock";
import { unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { createRefreshTokenRepository } from "./refresh-token.repository";
import type { PrincipalKind, TokenService } from "./token.service";
import type { TokenPair } from "@common/auth";
import type { RefreshTokensTable } from "../../db/tables/core";

export const REFRESH_PURPOSE = (kind: PrincipalKind) => `refresh:${kind}`;
export const REFRESH_REFUSED = "Refresh token has been used or revoked";

const OWN_CLAIMS = new Set(["sub", "jti", "fam", "aud", "iat", "exp"]);
/** The claims a login was started with, which every pair of that login carries again. */
const carriedClaims = (claims: Record<string, unknown>) => Object.fromEntries(Object.entries(claims).filter(([name]) => !OWN_CLAIMS.has(name)));

/** Ends every login of a subject; needs no signing key, so the admin CLI can use it too. */
export function createLoginEnder(deps: { db: Db; clock: Clock }) {
  const repository = createRefreshTokenRepository(deps.db);
  return (subjectId: string, kind: PrincipalKind) => repository.revokeSubject(subjectId, kind, toIso(deps.clock.now()));
}

export type LoginEnder = ReturnType<typeof createLoginEnder>;

/**
 * Refresh tokens rotate on every use. Each login is a family; presenting a token of the family that
 * was already used revokes the whole family, so a stolen token stops working for both parties.
 */
export function createRefreshTokenService(deps: { db: Db; clock: Clock; tokens: TokenService; refreshTtlSeconds: number }) {
  const repository = createRefreshTokenRepository(deps.db);

  /** Signs the pair of a login; `claims` (an admin's session version) are carried by both tokens and kept on rotation. */
  async function sign(subjectId: string, kind: PrincipalKind, id: string, familyId: string, claims: Record<string, unknown>): Promise<TokenPair> {
    const refresh_token = await deps.tokens.signClaims({ ...claims, sub: subjectId, jti: id, fam: familyId }, REFRESH_PURPOSE(kind), deps.refreshTtlSeconds);
    const access_token = await deps.tokens.signAccess(subjectId, kind, claims);
    return { access_token, refresh_token, token_type: "bearer" };
  }

  function newRow(subjectId: string, kind: PrincipalKind, familyId: string): RefreshTokensTable {
    const now = deps.clock.now();
    return {
      id: newId(),
      subject_id: subjectId,
      subject_type: kind,
      family_id: familyId,
      expires_at: toIso(new Date(now.getTime() + deps.refreshTtlSeconds * 1000)),
      used_at: null,
      revoked_at: null,
      created_at: toIso(now),
    };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await repository.revokeFamily(familyId, toIso(deps.clock.now()));
  }

  return {
    /** Starts a new login for the subject. */
    async issue(subjectId: string, kind: PrincipalKind, claims: Record<string, unknown> = {}): Promise<TokenPair> {
      const row = newRow(subjectId, kind, newId());
      await repository.insert(row);
      return sign(subjectId, kind, row.id, row.family_id, claims);
    },

    /** What a valid refresh token says (its subject and extra claims), or null; nothing is used up. */
    async read(refreshToken: string | null, kind: PrincipalKind): Promise<Record<string, unknown> | null> {
      const claims = refreshToken ? await deps.tokens.verifyClaims(refreshToken, REFRESH_PURPOSE(kind)) : null;
      return claims && typeof claims.sub === "string" ? claims : null;
    },

    /** Trades a refresh token for a new pair; a reused token revokes its login. Returns the subject too. */
    async rotate(refreshToken: string | null, kind: PrincipalKind): Promise<TokenPair & { subjectId: string }> {
      const claims = refreshToken ? await deps.tokens.verifyClaims(refreshToken, REFRESH_PURPOSE(kind)) : null;
      if (!claims || typeof claims.jti !== "string" || typeof claims.sub !== "string") throw unauthorized("Invalid refresh token");
      const now = toIso(deps.clock.now());
      const subjectId = claims.sub;
      // The claim and the token after it commit together: a concurrent reuse that revokes the family
      // waits for this claim's row and then sees the new token, and revokes it too.
      const next = await deps.db.transaction().execute(async (trx) => {
        const inTransaction = createRefreshTokenRepository(trx);
        if (!(await inTransaction.claim(claims.jti as string, kind, now))) return null;
        const row = newRow(subjectId, kind, (await inTransaction.find(claims.jti as string))!.family_id);
        await inTransaction.insert(row);
        return row;
      });
      if (!next) {
        const row = await repository.find(claims.jti);
        if (row?.used_at) await revokeFamily(row.family_id);
        throw unauthorized(REFRESH_REFUSED);
      }
      const pair = await sign(subjectId, kind, next.id, next.family_id, carriedClaims(claims));
      return { ...pair, subjectId: claims.sub };
    },

    /** Ends the login a refresh token belongs to (logout). Unknown tokens are ignored. */
    async revoke(refreshToken: string, kind: PrincipalKind): Promise<void> {
      const claims = await deps.tokens.verifyClaims(refreshToken, REFRESH_PURPOSE(kind));
      if (typeof claims?.fam === "string") await revokeFamily(claims.fam);
    },

    revokeFamily,
  };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
