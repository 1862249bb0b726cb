import { parseArgs } from "node:util";
import type { AdminProfile } from "@common/auth";
import type { Db } from "../db/kysely";
import type { Clock } from "../lib/clock";
import type { PasswordHasher } from "../lib/passwords";
import { createAdminsService, generateAdminPassword } from "../features/admins/admins.service";

export const USAGE = `Usage: npm run admin -- <command>
  create <username> [--password <pw>] [--super]  add an admin (a password is generated and shown when none is given)
  set-password <username> [--password <pw>]      give an admin a new password (generated when none is given); ends the admin's logins
  activate <username>                            let an admin change the queue again
  deactivate <username>                          keep an admin from changing the queue; ends the admin's logins
  revoke-sessions <username>                     sign the admin out everywhere (tokens and open admin pages)
  delete <username>                              remove an admin and end its logins (never the last active super admin)
  list                                           show every admin
Uses the same database as the server (DATA_DIR or DATABASE_URL).`;

const COMMANDS = ["create", "set-password", "activate", "deactivate", "revoke-sessions", "delete", "list"];

export class UsageError extends Error {}

export interface AdminCommand {
  name: string;
  username: string | undefined;
  password: string | undefined;
  superAdmin: boolean;
}

/** Reads the command line; a UsageError says what is wrong (an empty message: no command at all). */
export function parseAdminCommand(argv: string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { password: { type: "string" }, super: { type: "boolean" } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [name, username, ...extra] = parsed.positionals;
  if (!name) throw new UsageError("");
  if (!COMMANDS.includes(name)) throw new UsageError(`Unknown command: ${name}`);
  const needsUsername = name !== "list";
  if (extra.length > 0 || Boolean(username) !== needsUsername) throw new UsageError(`Wrong arguments for ${name}`);
  return { name, username, password: parsed.values.password, superAdmin: parsed.values.super ?? false };
}

function label(admin: AdminProfile): string {
  return `${admin.username}${admin.is_super_admin ? " (super admin)" : ""}`;
}

/** Runs one admin command against a migrated database; a running server notices ended logins on its own. */
export async function runAdminCommand(command: AdminCommand, deps: { db: Db; clock: Clock; passwords: PasswordHasher }, out: (line: string) => void): Promise<void> {
  const admins = createAdminsService(deps);
  const username = command.username!;
  const password = command.password ?? generateAdminPassword();
  const showPassword = () => {
    if (command.password === undefined) out(`Password: ${password}`);
  };

  if (command.name === "create") {
    const admin = await admins.create({ username, password, isSuperAdmin: command.superAdmin });
    out(`Created admin ${label(admin)}`);
    showPassword();
  } else if (command.name === "set-password") {
    out(`New password set for ${label(await admins.setPassword(username, password))}`);
    showPassword();
  } else if (command.name === "activate" || command.name === "deactivate") {
    const admin = await admins.setActive(username, command.name === "activate");
    out(`${command.name === "activate" ? "Activated" : "Deactivated"} admin ${label(admin)}`);
  } else if (command.name === "revoke-sessions") {
    out(`Ended every login of ${label(await admins.revokeSessions(username))}`);
  } else if (command.name === "delete") {
    out(`Deleted admin ${label(await admins.delete(username))}`);
  } else {
    const list = await admins.list();
    if (list.length === 0) out("No admins yet");
    for (const admin of list) {
      out(`${admin.username}\t${admin.is_active ? "active" : "inactive"}\t${admin.is_super_admin ? "super admin" : "admin"}\tcreated ${admin.created_at}`);
    }
  }
}
