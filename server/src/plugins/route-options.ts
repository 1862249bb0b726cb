import type { FastifySchema } from "fastify";
import type { Config } from "../config";
import { rateLimit, type RateLimitPolicy } from "./rate-limit";

/**
 * The options of a feature's routes: `route(summary, schema, limit?)` puts the zod schema under the
 * feature's OpenAPI tags with its summary, and opts the route into a named rate limit when one is given.
 */
export function routeOptions(config: Config, tags: string[]) {
  return <S extends FastifySchema>(summary: string, schema: S, limit?: RateLimitPolicy) => ({
    ...(limit && { config: rateLimit(config, limit) }),
    schema: { tags, summary, ...schema },
  });
}
