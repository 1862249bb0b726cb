import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { REFRESH_PURPOSE } from "./refresh-token.service";
import type { PrincipalKind, TokenService } from "./token.service";
import { createSessionRevocationRepository } from "./session-revocation.repository";

/**
 * Ends logins by subject rather than by token: "sign out everywhere", and every other login after a
 * password change. Access tokens already handed out stay valid until they expire (ACCESS_TOKEN_TTL_SECONDS).
 */
export function createSessionRevocationService(deps: { db: Db; clock: Clock; tokens: TokenService }) {
  const repository = createSessionRevocationRepository(deps.db);
  const now = () => toIso(deps.clock.now());

  return {
    /** Ends every login of the subject. */
    async revokeAll(subjectId: string, kind: PrincipalKind): Promise<void> {
      await repository.revokeAll(subjectId, kind, now(), null);
    },

    /**
     * Ends every login of the subject except the one `keepRefreshToken` belongs to, when that token is
     * the subject's own and still live; otherwise every login ends.
     */
    async revokeOthers(subjectId: string, kind: PrincipalKind, keepRefreshToken: string | null): Promise<void> {
      const claims = keepRefreshToken ? await deps.tokens.verifyClaims(keepRefreshToken, REFRESH_PURPOSE(kind)) : null;
      const keep = claims && typeof claims.jti === "string" && claims.sub === subjectId ? await repository.liveFamilyOf(claims.jti, subjectId, kind, now()) : null;
      await repository.revokeAll(subjectId, kind, now(), keep);
    },
  };
}

export type SessionRevocationService = ReturnType<typeof createSessionRevocationService>;
