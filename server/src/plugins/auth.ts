import type { FastifyRequest } from "fastify";
import { MESSAGES } from "@common/messages";
import type { Db } from "../db/kysely";
import { forbidden, unauthorized } from "../lib/errors";
import type { TokenService } from "../features/auth/token.service";

export interface AdminPrincipal {
  adminId: string;
  username: string;
  isActive: boolean;
  isSuperAdmin: boolean;
}

export interface UserPrincipal {
  userId: string;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/** Access checks that services call as their first line. */
export function createAuthGuard(deps: { db: Db; tokens: TokenService }) {
  async function adminFromToken(token: string | null): Promise<AdminPrincipal | null> {
    if (!token) return null;
    const claims = await deps.tokens.verifyAccess(token, "admin");
    if (!claims) return null;
    const admin = await deps.db
      .selectFrom("admins")
      .select(["id", "username", "is_active", "is_super_admin"])
      .where("id", "=", claims.sub)
      .executeTakeFirst();
    if (!admin) return null;
    return { adminId: admin.id, username: admin.username, isActive: admin.is_active === 1, isSuperAdmin: admin.is_super_admin === 1 };
  }

  return {
    adminFromToken,

    /** Any signed-in admin, active or not. */
    async requireAdmin(request: FastifyRequest): Promise<AdminPrincipal> {
      const admin = await adminFromToken(bearerToken(request));
      if (!admin) throw unauthorized(MESSAGES.invalidToken);
      return admin;
    },

    /** An admin allowed to change the queue: inactive admins get the spec's 403. */
    async requireActiveAdmin(request: FastifyRequest): Promise<AdminPrincipal> {
      const admin = await adminFromToken(bearerToken(request));
      if (!admin) throw unauthorized(MESSAGES.invalidToken);
      if (!admin.isActive) throw forbidden(MESSAGES.adminInactive);
      return admin;
    },

    /**
     * The signed-in user, or null for a guest. An admin token counts as no user (the web client falls
     * back to it on public paths); any other present but invalid token is a 401 so the client renews it.
     */
    async optionalUser(request: FastifyRequest): Promise<UserPrincipal | null> {
      const token = bearerToken(request);
      if (!token) return null;
      const claims = await deps.tokens.verifyAccess(token, "user");
      if (claims) return { userId: claims.sub };
      if (await deps.tokens.verifyAccess(token, "admin")) return null;
      throw unauthorized(MESSAGES.invalidToken);
    },

    async requireUser(request: FastifyRequest): Promise<UserPrincipal> {
      const token = bearerToken(request);
      const claims = token ? await deps.tokens.verifyAccess(token, "user") : null;
      if (!claims) throw unauthorized(MESSAGES.notAuthenticated);
      return { userId: claims.sub };
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
