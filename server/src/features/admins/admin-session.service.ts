import type { TokenPair } from "@common/auth";
import { MESSAGES } from "@common/messages";
import { unauthorized } from "../../lib/errors";
import { type Actor, requireAdmin } from "../../lib/access";
import { REFRESH_REFUSED, type RefreshTokenService } from "../auth/refresh-token.service";
import type { AdminsService } from "./admins.service";

/** Admin sign-in, token renewal and sign-out. Admin tokens carry the admin kind: a user token never passes. */
export function createAdminSessionService(deps: { admins: AdminsService; refreshTokens: RefreshTokenService }) {
  return {
    async login(username: string, password: string): Promise<TokenPair> {
      const admin = await deps.admins.verifyCredentials(username, password);
      if (!admin) throw unauthorized(MESSAGES.invalidCredentials);
      return deps.refreshTokens.issue(admin.id, "admin", { sv: admin.session_version });
    },

    profile: (actor: Actor) => deps.admins.profile(requireAdmin(actor).adminId),

    /**
     * A used refresh token presented again revokes the whole login (see the refresh-token service). A
     * login ended since (new password, deactivation, revoke-sessions, deletion) or of an inactive
     * admin is not renewed: an inactive admin signs in again to look.
     */
    async refresh(refreshToken: string | null): Promise<TokenPair> {
      const claims = await deps.refreshTokens.read(refreshToken, "admin");
      const session = claims ? await deps.admins.session(claims.sub as string) : null;
      if (claims && (!session || !session.isActive || session.sessionVersion !== (claims.sv ?? 0))) {
        if (typeof claims.fam === "string") await deps.refreshTokens.revokeFamily(claims.fam);
        throw unauthorized(REFRESH_REFUSED);
      }
      const { access_token, refresh_token, token_type } = await deps.refreshTokens.rotate(refreshToken, "admin");
      return { access_token, refresh_token, token_type };
    },

    async logout(refreshToken: string | null): Promise<void> {
      if (!refreshToken) throw unauthorized(MESSAGES.notAuthenticated);
      await deps.refreshTokens.revoke(refreshToken, "admin");
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
