import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { clientEventAcceptedSchema, clientEventDailyQuerySchema, clientEventDailySchema, clientEventSchema } from "@common/client-events";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { rateLimit } from "../../plugins/rate-limit";

const tags = ["analytics"];

/** POST analytics/events (anyone, rate limited per client) and the host's daily counts. */
export async function registerClientEventsRoutes(scope: FastifyInstance, deps: RouteDeps<"clientEvents">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { clientEvents } = deps.services;

  api.post(
    "/analytics/events",
    {
      config: rateLimit(deps.config, "events"),
      bodyLimit: 8 * 1024,
      schema: { tags, summary: "Record a product event {event, props, ts}", body: clientEventSchema, response: { 202: clientEventAcceptedSchema } },
    },
    async (request, reply) => reply.code(202).send(await clientEvents.record(await deps.auth.actorFrom(request), request.body)),
  );

  api.get(
    "/analytics/events/daily",
    {
      schema: {
        tags,
        summary: "How many times each event was sent, per UTC day",
        security: SECURITY.admin,
        querystring: clientEventDailyQuerySchema,
        response: { 200: clientEventDailySchema },
      },
    },
    async (request) => clientEvents.dailyCounts(await deps.auth.actorFrom(request), request.query.days),
  );
}
