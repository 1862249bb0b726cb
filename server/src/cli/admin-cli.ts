import { loadConfig } from "../config";
import { openDatabase } from "../db/kysely";
import { migrateToLatest } from "../db/migrate";
import { systemClock } from "../lib/clock";
import { createPasswordHasher } from "../lib/passwords";
import { AppError, ValidationError } from "../lib/errors";
import { USAGE, UsageError, parseAdminCommand, runAdminCommand } from "./admin-commands";

async function run(argv: string[], out: (line: string) => void): Promise<void> {
  const command = parseAdminCommand(argv);
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database.db);
    await runAdminCommand(command, { db: database.db, clock: systemClock, passwords: createPasswordHasher(config.passwordHashCost) }, out);
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
