import type { FastifyRequest } from "fastify";
import { bearerToken } from "../../lib/bearer-token";
import { GUEST_SECRET_HEADER } from "@common/queue";
import { MESSAGES } from "@common/messages";
import { type Actor, type AdminActor, ANONYMOUS, type PersonActor } from "../../lib/access";
import { unauthorized } from "../../lib/errors";
import { sha256 } from "../../lib/ids";
import type { TokenService } from "./token.service";

/** What the guard asks the features that own admins, guests and member accounts. */
export interface AuthLookups {
  /** The admin of a login, as the actor of its requests, while that login (its session version) is current; null otherwise. */
  adminOfSession(adminId: string, sessionVersion: number): Promise<AdminActor | null>;
  /** The guest id whose secret has this SHA-256 hash, or null. */
  guestIdBySecretHash(secretHash: string): Promise<string | null>;
  /** Whether a member account still exists. */
  accountExists(accountId: string): Promise<boolean>;
}

/** Guest secrets never change: remembering the ones seen spares a query on every call a submitter makes. */
const GUEST_CACHE_SIZE = 10_000;
const MAX_SECRET_LENGTH = 200;

/**
 * Turns a request into an actor: what its tokens and guest secret prove, nothing more. Whether that
 * actor may do something is the service's decision.
 */
export function createAuthGuard(deps: { tokens: TokenService } & AuthLookups) {
  const guestIds = new Map<string, string>();

  async function adminFromToken(token: string | null): Promise<AdminActor | null> {
    if (!token) return null;
    const claims = await deps.tokens.verifyAccess(token, "admin");
    if (!claims) return null;
    // A token of a login ended since (new password, deactivation, revoke-sessions) is worth nothing.
    return deps.adminOfSession(claims.sub, claims.sv);
  }

  /** The guest id a secret belongs to, or null. */
  async function guestIdForSecret(secret: string): Promise<string | null> {
    if (!secret || secret.length > MAX_SECRET_LENGTH) return null;
    const hash = sha256(secret);
    const known = guestIds.get(hash);
    if (known) return known;
    const guestId = await deps.guestIdBySecretHash(hash);
    if (!guestId) return null;
    if (guestIds.size >= GUEST_CACHE_SIZE) guestIds.delete(guestIds.keys().next().value!);
    guestIds.set(hash, guestId);
    return guestId;
  }

  /** A person from a user token (or none) and a guest secret (or none). */
  async function person(userToken: string | null, guestSecret: string | null): Promise<PersonActor> {
    let userId: string | null = null;
    if (userToken) {
      const claims = await deps.tokens.verifyAccess(userToken, "user");
      // A token of an account deleted since is a 401 at once, not a ghost member until it expires.
      if (claims && !(await deps.accountExists(claims.sub))) throw unauthorized(MESSAGES.invalidToken);
      if (claims) userId = claims.sub;
      // An admin token counts as nobody on public paths; any other bad token is a 401 so the client renews it.
      else if (!(await deps.tokens.verifyAccess(userToken, "admin"))) throw unauthorized(MESSAGES.invalidToken);
    }
    // An empty header is a browser with no secret stored, not a wrong one.
    const guestId = guestSecret ? await guestIdForSecret(guestSecret) : null;
    if (!userId && !guestSecret) return ANONYMOUS;
    return { kind: "person", userId, guestId, invalidGuestSecret: Boolean(guestSecret) && guestId === null };
  }

  return {
    adminFromToken,
    person,

    /**
     * The actor of a request: an admin for a valid admin token, otherwise a person (member and/or
     * guest). A present but invalid token is a 401, so the client renews it.
     */
    async actorFrom(request: FastifyRequest): Promise<Actor> {
      const token = bearerToken(request);
      const header = request.headers[GUEST_SECRET_HEADER];
      const guestSecret = (Array.isArray(header) ? header[0] : header) || null;
      // Most requests (a crowd's position lookups) prove nothing: no token to verify, no secret to look up.
      if (!token && !guestSecret) return ANONYMOUS;
      const admin = await adminFromToken(token);
      if (admin) return admin;
      return person(token, guestSecret);
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
