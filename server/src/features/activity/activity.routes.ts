import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "@common/api";
import { activityQuerySchema, entryRefSchema } from "@common/queue";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { rateLimit } from "../../plugins/rate-limit";

const userIdParams = z.object({ userId: entryRefSchema });

export async function registerActivityRoutes(scope: FastifyInstance, deps: RouteDeps<"activity">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  // Buffered signs of life are written before the database closes.
  api.addHook("onClose", () => deps.services.activity.flush());

  /** A sign of life from the submitter's page (no body), with their secret or token; the activity type is accepted but not kept. */
  api.post(
    "/queue-position/activity/:userId",
    {
      config: rateLimit(deps.config, "api"),
      schema: {
        tags: ["queue"],
        summary: "A sign of life from a submitter's page (keeps or lifts an inactivity hold)",
        security: SECURITY.owner,
        params: userIdParams,
        querystring: activityQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deps.services.activity.recordActivity(await deps.auth.actorFrom(request), request.params.userId);
      return { ok: true as const };
    },
  );
}
