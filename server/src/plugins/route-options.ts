import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config";
import type { Actor } from "../lib/access";
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

/** What turns a request into the actor it speaks for (the auth guard). */
export interface ActorSource {
  actorFrom(request: FastifyRequest): Promise<Actor>;
}

/**
 * What a feature's routes file starts from: the zod-typed instance; `route(summary, schema, limit?)`
 * under the feature's tags (see `routeOptions`); `actorOf(request)`, who the request speaks for; and
 * `forActor(call)`, the handler of a route whose answer depends only on who asks (one service call
 * given the actor; services are objects of closures, so the method itself can be passed).
 */
export function featureRoutes(scope: FastifyInstance, deps: { config: Config; auth: ActorSource }, tags: string[]) {
  const actorOf = (request: FastifyRequest) => deps.auth.actorFrom(request);
  const forActor =
    <T>(call: (actor: Actor) => Promise<T>) =>
    async (request: FastifyRequest) =>
      call(await actorOf(request));
  return { api: scope.withTypeProvider<ZodTypeProvider>(), route: routeOptions(deps.config, tags), actorOf, forActor };
}
