import path from "node:path";
import { buildApp, createFeatureDeps } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/kysely";
import { migrateToLatest } from "./db/migrate";
import { systemClock } from "./lib/clock";
import { loadOrCreateSecret } from "./lib/secrets";
import { createInProcessEventBus } from "./live/event-bus";
import { createTokenService } from "./features/auth/token.service";

/** Starts LiveQueue: settings, database and migrations, live bus, the app, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, "livequeue.db") });
  await migrateToLatest(database.db);
  const clock = systemClock;
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, "jwt");
  const events = createInProcessEventBus();
  const tokens = createTokenService({ secret, accessTtlSeconds: config.accessTokenTtlSeconds, clock });
  const deps = createFeatureDeps({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    events,
    tokens,
    logger: { level: config.logLevel },
  });
  const app = await buildApp(deps);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`LiveQueue on http://localhost:${config.port} (${database.dialect}, data in ${config.dataDir})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await events.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
