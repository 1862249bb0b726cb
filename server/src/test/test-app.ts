import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe } from "vitest";
import pg from "pg";
import type { FastifyInstance, RouteOptions } from "fastify";
import { buildApp } from "../app";
import { createFeatureDeps, type FeatureDeps } from "../feature-deps";
import { loadConfig, type Config } from "../config";
import { openDatabase, type DatabaseHandle, type Dialect } from "../db/kysely";
import { migrateToLatest } from "../db/migrate";
import { systemClock, type Clock } from "../lib/clock";
import { createInProcessEventBus, type EventBus } from "../events/domain-events";
import { createRedisEventBus } from "../events/redis-event-bus";
import { TEST_REDIS_URL, quietLog, uniqueRedisPrefix } from "./redis";
import { createTokenService } from "../features/auth/token.service";
import { RESPONSE_SCHEMA_MISMATCH } from "../plugins/error-handler";
import { httpClient, type HttpClient } from "./http";
import { createTestAdmin } from "./admins";
import { TEST_SYSTEM } from "./factories";

/** PostgreSQL runs too when TEST_POSTGRES_URL is set (CI sets it). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL;
export const TEST_DIALECTS: Dialect[] = TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** Runs the same suite once per database under test. */
export function describeEachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of TEST_DIALECTS) describe(`${name} [${dialect}]`, () => suite(dialect));
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection settings that open the same database again (a second instance). */
  databaseUrl?: string;
  pgSchema?: string;
  dataDir: string;
}

/** Any number the test files agree on: the key of the lock below. */
const SCHEMA_DDL_LOCK = 7_274_274;

/**
 * Kysely's migrator lists every table of the database (across schemas) to find its own, so another
 * file dropping its schema at that moment fails the listing ("schema does not exist", or a column of
 * a table just dropped). Test files therefore migrate and drop their schemas one at a time, under a
 * PostgreSQL advisory lock held by a connection of its own.
 */
export async function underSchemaLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [SCHEMA_DDL_LOCK]);
    return await work();
  } finally {
    await lock.end();
  }
}

/** A freshly migrated database: a new SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-test-"));
  if (dialect === "postgres") {
    if (!TEST_POSTGRES_URL) throw new Error("TEST_POSTGRES_URL is not set");
    const pgSchema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    const handle = openDatabase({ databaseUrl: TEST_POSTGRES_URL, pgSchema, poolSize: 5 });
    await underSchemaLock(() => migrateToLatest(handle.db, pgSchema));
    return {
      ...handle,
      databaseUrl: TEST_POSTGRES_URL,
      pgSchema,
      dataDir,
      async close() {
        await handle.close();
        await underSchemaLock(async () => {
          const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
          await cleanup.connect();
          await cleanup.query(`drop schema ${pgSchema} cascade`);
          await cleanup.end();
        });
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const handle = openDatabase({ sqliteFile: path.join(dataDir, "livequeue.db") });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    dataDir,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second, independent connection to the same database, as another instance of the app would open
 * it. Closing it leaves the database in place; the original handle drops it.
 */
export function reopenTestDatabase(database: TestDatabase): TestDatabase {
  const handle = database.databaseUrl
    ? openDatabase({ databaseUrl: database.databaseUrl, pgSchema: database.pgSchema, poolSize: 5 })
    : openDatabase({ sqliteFile: path.join(database.dataDir, "livequeue.db") });
  return { ...handle, databaseUrl: database.databaseUrl, pgSchema: database.pgSchema, dataDir: database.dataDir };
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  wsUrl: string;
  deps: FeatureDeps;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Reuse a database (for a second instance); otherwise a fresh one is made and dropped at close. */
  database?: TestDatabase;
  events?: EventBus;
  clock?: Clock;
  env?: Record<string, string>;
  /** Fastify logger options (a test that reads the log passes a stream); silent otherwise. */
  logger?: object;
  /** Told of every route the app registers (the route table, for tests that cover every route). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * A logger that stays silent (or writes where the test asked) except for answers that do not match
 * their response schema: those are printed and make the app's close() fail, so a test never passes
 * over a 500 it did not look at.
 */
function schemaMismatchLogger(given?: { level?: string; stream?: { write(line: string): void } }) {
  const mismatches: string[] = [];
  const stream = {
    write(line: string) {
      given?.stream?.write(line);
      const entry = JSON.parse(line) as { msg?: string; route?: string; issues?: unknown };
      if (entry.msg !== RESPONSE_SCHEMA_MISMATCH) return;
      const text = `${entry.route}: ${JSON.stringify(entry.issues)}`;
      mismatches.push(text);
      process.stderr.write(`${RESPONSE_SCHEMA_MISMATCH}: ${text}\n`);
    },
  };
  return { logger: { ...given, level: given?.level ?? "error", stream }, mismatches };
}

/** The real app on a real port over a real database, as a test sees it. */
export async function startTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  const config: Config = loadConfig({
    DATA_DIR: database.dataDir,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: path.join(database.dataDir, "no-web"),
    // Tests sign in and submit far more often than a person; a test of a limit sets its own.
    RATE_LIMIT_LOGIN_MAX: "10000",
    RATE_LIMIT_SUBMIT_MAX: "10000",
    RATE_LIMIT_API_MAX: "10000",
    RATE_LIMIT_ACCOUNT_LOGIN_MAX: "10000",
    // Every test uploads from 127.0.0.1, often without a size (100 MB each); a test of these limits sets its own.
    UPLOAD_PENDING_MB_PER_ADDRESS: "1000000",
    UPLOAD_PENDING_MB_TOTAL: "1000000",
    CHECK_RESPONSES: "true",
    // The suite hashes hundreds of passwords: 4 ms each at this cost instead of 170 (lib/passwords.test.ts covers the default).
    PASSWORD_HASH_COST: "10",
    ...options.env,
  });
  const clock = options.clock ?? systemClock;
  const { logger, mismatches } = schemaMismatchLogger(options.logger);
  const deps: FeatureDeps = createFeatureDeps({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    events: options.events ?? createInProcessEventBus(quietLog),
    log: quietLog,
    tokens: createTokenService({ secret: config.jwtSecret!, accessTtlSeconds: config.accessTokenTtlSeconds, clock }),
    logger,
  });
  const app = await buildApp(deps, { onRoute: options.onRoute });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    wsUrl: `ws://127.0.0.1:${port}`,
    deps,
    database,
    async close() {
      await app.close();
      await deps.events.close();
      if (!options.database) await database.close();
      if (mismatches.length) throw new Error(`${RESPONSE_SCHEMA_MISMATCH}:\n${mismatches.join("\n")}`);
    },
  };
}

/**
 * Two instances of the app over one database that share events and keys through Redis, under a prefix
 * of their own. Closing `b` closes its connection too; closing `a` drops the database, so `a` goes last.
 */
export async function startTwoInstancesOverRedis(dialect: Dialect, extraEnv: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp }> {
  const prefix = uniqueRedisPrefix();
  const bus = () => createRedisEventBus({ url: TEST_REDIS_URL, channel: `${prefix}:events`, log: quietLog });
  const env = { ...extraEnv, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const a = await startTestApp(dialect, { events: await bus(), env });
  const secondHandle = reopenTestDatabase(a.database);
  const b = await startTestApp(dialect, { database: secondHandle, events: await bus(), env });
  return {
    a,
    b: {
      ...b,
      async close() {
        await b.close();
        await secondHandle.close();
      },
    },
  };
}

/** For a suite: two instances over Redis, started with the queue open before its tests and closed after them. */
export function useTwoOpenInstances(dialect: Dialect): { a: TestApp; b: TestApp } {
  const instances = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    Object.assign(instances, await startTwoInstancesOverRedis(dialect));
    await instances.a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(async () => {
    await instances.b.close();
    await instances.a.close();
  });
  return instances;
}

export interface RouteTestApp {
  server: TestApp;
  http: HttpClient;
  /** An active admin's access token. */
  token: string;
}

/** The app with an HTTP client on it and an active admin's token: what a route suite starts from. */
export async function startRouteTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<RouteTestApp> {
  const server = await startTestApp(dialect, options);
  return { server, http: httpClient(server.baseUrl), token: (await createTestAdmin(server.deps)).accessToken };
}
