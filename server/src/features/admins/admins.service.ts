import { randomBytes } from "node:crypto";
import { z } from "zod";
import { passwordSchema, type AdminProfile } from "@common/auth";
import { MESSAGES } from "@common/messages";
import { isUniqueViolation, type Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { conflict, notFound, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PasswordHasher } from "../../lib/passwords";
import type { AdminActor, AdminSession } from "../../lib/access";
import { parseInput } from "../../lib/validation";
import { createLoginEnder } from "../auth/refresh-token.service";
import { createAdminsRepository, type AdminRow } from "./admins.repository";
import { presentAdmin } from "./admins.presenter";

/** An admin signs in with this in the 'Email / Username' field, so an e-mail address is fine too. */
const adminUsernameSchema = z.string().trim().min(1, "Username is required").max(254).regex(/^\S+$/, "Username cannot contain spaces");

/** A password for an admin nobody chose one for; shown once, to be changed with the CLI if wanted. */
export const generateAdminPassword = () => randomBytes(18).toString("base64url");

export interface NewAdmin {
  username: string;
  password: string;
  isSuperAdmin?: boolean;
}

/**
 * Admin accounts: created by the first start or the CLI, switched on and off by the CLI. A new
 * password, a deactivation, `revoke-sessions` and a deletion end every login of the admin at once:
 * the session version goes up (access tokens and open admin sockets of the old one stop working,
 * in every process) and the refresh tokens are revoked.
 */
export function createAdminsService(deps: { db: Db; clock: Clock; passwords: PasswordHasher }) {
  const repository = createAdminsRepository(deps.db);
  const endLogins = createLoginEnder(deps);

  async function endSessions(admin: AdminRow): Promise<void> {
    await repository.raiseSessionVersion(admin.id);
    await endLogins(admin.id, "admin");
  }
  // Checked when the username is unknown, so a wrong username costs as long as a wrong password.
  let decoyHash: Promise<string> | null = null;

  async function findOrFail(username: string): Promise<AdminRow> {
    const admin = await repository.findByUsername(username.trim());
    if (!admin) throw notFound(`No admin named ${username}`);
    return admin;
  }

  return {
    async create(input: NewAdmin): Promise<AdminProfile> {
      const username = parseInput(adminUsernameSchema, input.username, "body");
      const password = parseInput(passwordSchema, input.password, "body");
      const row: AdminRow = {
        id: newId(),
        username,
        password_hash: await deps.passwords.hash(password),
        is_active: 1,
        is_super_admin: input.isSuperAdmin ? 1 : 0,
        created_at: toIso(deps.clock.now()),
        session_version: 0,
      };
      try {
        await repository.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`An admin named ${username} already exists`);
        throw error;
      }
      return presentAdmin(row);
    },

    /** The admin these credentials belong to, or null; inactive admins may sign in (they can look, not change). */
    async verifyCredentials(username: string, password: string): Promise<AdminRow | null> {
      const admin = await repository.findByUsername(username.trim());
      if (!admin) {
        decoyHash ??= deps.passwords.hash("decoy-password-for-unknown-usernames");
        await deps.passwords.verify(password, await decoyHash);
        return null;
      }
      return (await deps.passwords.verify(password, admin.password_hash)) ? admin : null;
    },

    async profile(adminId: string): Promise<AdminProfile> {
      const admin = await repository.findById(adminId);
      if (!admin) throw unauthorized(MESSAGES.invalidToken);
      return presentAdmin(admin);
    },

    /** The admin's current session, or null when the admin is gone. */
    async session(adminId: string): Promise<(AdminSession & { isActive: boolean }) | null> {
      const admin = await repository.findById(adminId);
      return admin ? { adminId: admin.id, sessionVersion: admin.session_version, isActive: admin.is_active === 1 } : null;
    },

    /** The admin as the actor of a login's requests while that login is current; null once it ended (or the admin is gone). */
    async adminOfSession(adminId: string, sessionVersion: number): Promise<AdminActor | null> {
      const admin = await repository.findById(adminId);
      if (!admin || admin.session_version !== sessionVersion) return null;
      return {
        kind: "admin",
        adminId: admin.id,
        username: admin.username,
        isActive: admin.is_active === 1,
        isSuperAdmin: admin.is_super_admin === 1,
        sessionVersion: admin.session_version,
      };
    },

    /** The sessions among these that were ended since (a newer version, or the admin deleted). */
    async endedSessions(sessions: AdminSession[]): Promise<AdminSession[]> {
      const current = new Map((await repository.sessionVersions([...new Set(sessions.map((s) => s.adminId))])).map((row) => [row.id, row.session_version]));
      return sessions.filter((session) => current.get(session.adminId) !== session.sessionVersion);
    },

    /** Deactivating also ends the admin's logins; activating leaves them be. */
    async setActive(username: string, active: boolean): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      await repository.setActive(admin.id, active);
      if (!active) await endSessions(admin);
      return presentAdmin({ ...admin, is_active: active ? 1 : 0 });
    },

    /** A new password ends every login made with the old one. */
    async setPassword(username: string, password: string): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      const hash = await deps.passwords.hash(parseInput(passwordSchema, password, "body"));
      await repository.setPasswordHash(admin.id, hash);
      await endSessions(admin);
      return presentAdmin(admin);
    },

    async revokeSessions(username: string): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      await endSessions(admin);
      return presentAdmin(admin);
    },

    /**
     * Removes the admin and ends its logins. The audit log keeps the admin's records: they name the
     * admin as it was then and point at no table. The last active super admin cannot be deleted.
     */
    async delete(username: string): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      if (!(await repository.deleteUnlessLastSuperAdmin(admin.id)))
        throw conflict(`${admin.username} is the last active super admin; create or activate another super admin first`);
      await endLogins(admin.id, "admin");
      return presentAdmin(admin);
    },

    async list(): Promise<AdminProfile[]> {
      return (await repository.list()).map(presentAdmin);
    },

    exists: () => repository.exists(),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
