import type { Db } from "../../db/kysely";
import type { Clock } from "../../lib/clock";
import { toIso } from "../../lib/clock";
import { unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { createRefreshTokenRepository } from "./refresh-token.repository";
import type { PrincipalKind, TokenService } from "./token.service";
import type { TokenPair } from "@common/auth";

export const REFRESH_PURPOSE = (kind: PrincipalKind) => `refresh:${kind}`;

/**
 * Refresh tokens rotate on every use. Each login is a family; presenting a token of the family that
 * was already used revokes the whole family, so a stolen token stops working for both parties.
 */
export function createRefreshTokenService(deps: { db: Db; clock: Clock; tokens: TokenService; refreshTtlSeconds: number }) {
  const repository = createRefreshTokenRepository(deps.db);

  async function issue(subjectId: string, kind: PrincipalKind, familyId = newId()): Promise<TokenPair> {
    const id = newId();
    const now = deps.clock.now();
    await repository.insert({
      id,
      subject_id: subjectId,
      subject_type: kind,
      family_id: familyId,
      expires_at: toIso(new Date(now.getTime() + deps.refreshTtlSeconds * 1000)),
      used_at: null,
      revoked_at: null,
      created_at: toIso(now),
    });
    const refresh_token = await deps.tokens.signClaims({ sub: subjectId, jti: id, fam: familyId }, REFRESH_PURPOSE(kind), deps.refreshTtlSeconds);
    const access_token = await deps.tokens.signAccess(subjectId, kind);
    return { access_token, refresh_token, token_type: "bearer" };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await repository.revokeFamily(familyId, toIso(deps.clock.now()));
  }

  return {
    /** Starts a new login for the subject. */
    issue: (subjectId: string, kind: PrincipalKind) => issue(subjectId, kind),

    /** Trades a refresh token for a new pair; a reused token revokes its login. Returns the subject too. */
    async rotate(refreshToken: string | null, kind: PrincipalKind): Promise<TokenPair & { subjectId: string }> {
      const claims = refreshToken ? await deps.tokens.verifyClaims(refreshToken, REFRESH_PURPOSE(kind)) : null;
      if (!claims || typeof claims.jti !== "string" || typeof claims.sub !== "string") throw unauthorized("Invalid refresh token");
      const now = toIso(deps.clock.now());
      if (!(await repository.claim(claims.jti, kind, now))) {
        const row = await repository.find(claims.jti);
        if (row?.used_at) await revokeFamily(row.family_id);
        throw unauthorized("Refresh token has been used or revoked");
      }
      const row = await repository.find(claims.jti);
      const pair = await issue(claims.sub, kind, row!.family_id);
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
