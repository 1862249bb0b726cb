import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { clientEventAcceptedSchema, clientEventDailyQuerySchema, clientEventDailySchema, clientEventSchema } from "@common/client-events";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

/** POST analytics/events (anyone, rate limited per client) and the host's daily counts. */
export async function registerClientEventsRoutes(scope: FastifyInstance, deps: RouteDeps<"clientEvents">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["analytics"]);
  const { clientEvents } = deps.services;

  api.post(
    "/analytics/events",
    { ...route("Record a product event {event, props, ts}", { body: clientEventSchema, response: { 202: clientEventAcceptedSchema } }, "events"), bodyLimit: 8 * 1024 },
    async (request, reply) => reply.code(202).send(await clientEvents.record(await deps.auth.actorFrom(request), request.body)),
  );

  api.get(
    "/analytics/events/daily",
    route("How many times each event was sent, per UTC day", { security: SECURITY.admin, querystring: clientEventDailyQuerySchema, response: { 200: clientEventDailySchema } }),
    async (request) => clientEvents.dailyCounts(await deps.auth.actorFrom(request), request.query.days),
  );
}
