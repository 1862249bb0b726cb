import type { FastifyRequest } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { createFeatureDeps } from "./feature-deps";
import { loadConfig } from "./config";
import { openDatabase } from "./db/kysely";
import { migrateToLatest } from "./db/migrate";
import { systemClock } from "./lib/clock";
import { loadOrCreateSecret } from "./lib/secrets";
import { redactingStream } from "./lib/log-redaction";
import { createInProcessEventBus, type EventBus } from "./events/domain-events";
import { createRedisEventBus } from "./events/redis-event-bus";
import { createTokenService } from "./features/auth/token.service";
import { bootstrapAdmin } from "./features/admins/bootstrap";
import { createJobRunner } from "./jobs/runner";
import { jobs } from "./features/jobs";

const SHUTDOWN_GRACE_MS = 10_000;

/** Request log lines without the sockets' `?token=` and `?guest_secret=`. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&](?:token|guest_secret)=)[^&]*/g, "$1[redacted]"),
    remoteAddress: request.ip,
  };
}

/** Starts LiveQueue: settings, database and migrations, live bus, first admin, the app, jobs, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel }, redactingStream(process.stdout));
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);
  const clock = systemClock;
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, "jwt");
  const events: EventBus = config.redisUrl ? await createRedisEventBus({ url: config.redisUrl, channel: `${config.redisKeyPrefix}:events`, log }) : createInProcessEventBus(log);
  const tokens = createTokenService({ secret, accessTtlSeconds: config.accessTokenTtlSeconds, clock });
  const deps = createFeatureDeps({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    events,
    tokens,
    log,
    logger: { level: config.logLevel, serializers: { req: requestForLog } },
  });
  await bootstrapAdmin(deps.services.admins, config, (text) => process.stdout.write(text));
  const app = await buildApp(deps);
  const runner = createJobRunner({ jobs, deps, redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, log: app.log });

  await app.listen({ port: config.port, host: config.host });
  runner.start();
  deps.services.twitchReader.start();
  deps.services.youtubeChatReader.start();
  app.log.info(`LiveQueue on http://localhost:${config.port} (${database.dialect}${config.redisUrl ? " + Redis" : ""}, data in ${config.dataDir})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Jobs first (they may still write), then sockets and requests, then the connections they used.
    await runner.stop();
    await deps.services.twitchReader.stop();
    await deps.services.youtubeChatReader.stop();
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
