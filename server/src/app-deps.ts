import type { Config } from "./config";
import type { Db, Dialect } from "./db/kysely";
import type { EventBus } from "./events/domain-events";
import type { TokenService } from "./features/auth/token.service";
import type { Clock } from "./lib/clock";
import type { ServiceLog } from "./lib/log";

/** Everything the app needs from outside; tests build the same object with their own database. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  tokens: TokenService;
  /** Fastify's request logger settings. */
  logger?: boolean | object;
  /** Where services and background work report what went wrong (console when not given). */
  log?: ServiceLog;
}
