import { randomBytes } from "node:crypto";
import { z } from "zod";
import { passwordSchema, type AdminProfile } from "@common/auth";
import { MESSAGES } from "@common/messages";
import { isUniqueViolation, type Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { conflict, notFound, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { parseInput } from "../../lib/validation";
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

/** Admin accounts: created by the first start or the CLI, switched on and off by the CLI. */
export function createAdminsService(deps: { db: Db; clock: Clock }) {
  const repository = createAdminsRepository(deps.db);
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
        password_hash: await hashPassword(password),
        is_active: 1,
        is_super_admin: input.isSuperAdmin ? 1 : 0,
        created_at: toIso(deps.clock.now()),
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
        decoyHash ??= hashPassword("decoy-password-for-unknown-usernames");
        await verifyPassword(password, await decoyHash);
        return null;
      }
      return (await verifyPassword(password, admin.password_hash)) ? admin : null;
    },

    async profile(adminId: string): Promise<AdminProfile> {
      const admin = await repository.findById(adminId);
      if (!admin) throw unauthorized(MESSAGES.invalidToken);
      return presentAdmin(admin);
    },

    async setActive(username: string, active: boolean): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      await repository.setActive(admin.id, active);
      return presentAdmin({ ...admin, is_active: active ? 1 : 0 });
    },

    async setPassword(username: string, password: string): Promise<AdminProfile> {
      const admin = await findOrFail(username);
      const hash = await hashPassword(parseInput(passwordSchema, password, "body"));
      await repository.setPasswordHash(admin.id, hash);
      return presentAdmin(admin);
    },

    async list(): Promise<AdminProfile[]> {
      return (await repository.list()).map(presentAdmin);
    },

    exists: () => repository.exists(),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
