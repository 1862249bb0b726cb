import { parseArgs } from "node:util";
import type { AdminProfile } from "@common/auth";
import { loadConfig } from "../config";
import { openDatabase } from "../db/kysely";
import { migrateToLatest } from "../db/migrate";
import { systemClock } from "../lib/clock";
import { AppError, ValidationError } from "../lib/errors";
import { createAdminsService, generateAdminPassword } from "../features/admins/admins.service";

const USAGE = `Usage: npm run admin -- <command>
  create <username> [--password <pw>] [--super]  add an admin (a password is generated and shown when none is given)
  set-password <username> [--password <pw>]      give an admin a new password (generated when none is given)
  activate <username>                            let an admin change the queue again
  deactivate <username>                          keep an admin from changing the queue
  list                                           show every admin
Uses the same database as the server (DATA_DIR or DATABASE_URL).`;

const COMMANDS = ["create", "set-password", "activate", "deactivate", "list"];

class UsageError extends Error {}

function label(admin: AdminProfile): string {
  return `${admin.username}${admin.is_super_admin ? " (super admin)" : ""}`;
}

async function run(argv: string[], out: (line: string) => void): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { password: { type: "string" }, super: { type: "boolean" } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, username, ...extra] = parsed.positionals;
  if (!command) throw new UsageError("");
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  const needsUsername = command !== "list";
  if (extra.length > 0 || Boolean(username) !== needsUsername) throw new UsageError(`Wrong arguments for ${command}`);

  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database.db);
    const admins = createAdminsService({ db: database.db, clock: systemClock });
    const password = parsed.values.password ?? generateAdminPassword();
    const showPassword = () => {
      if (parsed.values.password === undefined) out(`Password: ${password}`);
    };

    if (command === "create") {
      const admin = await admins.create({ username: username!, password, isSuperAdmin: parsed.values.super ?? false });
      out(`Created admin ${label(admin)}`);
      showPassword();
    } else if (command === "set-password") {
      out(`New password set for ${label(await admins.setPassword(username!, password))}`);
      showPassword();
    } else if (command === "activate" || command === "deactivate") {
      const admin = await admins.setActive(username!, command === "activate");
      out(`${command === "activate" ? "Activated" : "Deactivated"} admin ${label(admin)}`);
    } else {
      const list = await admins.list();
      if (list.length === 0) out("No admins yet");
      for (const admin of list) {
        out(`${admin.username}\t${admin.is_active ? "active" : "inactive"}\t${admin.is_super_admin ? "super admin" : "admin"}\tcreated ${admin.created_at}`);
      }
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2), (line) => console.log(line)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(USAGE);
    process.exitCode = 2;
  } else if (error instanceof AppError || error instanceof ValidationError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
});
