import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { activityQuerySchema, entryRefSchema } from "@common/queue";
import type { FeatureDeps } from "../../feature-deps";
import { parseInput } from "../../lib/validation";
import { rateLimit } from "../../plugins/rate-limit";

const userIdParams = z.object({ userId: entryRefSchema });

export async function registerActivityRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  // Buffered signs of life are written before the database closes.
  api.addHook("onClose", () => deps.services.activity.flush());

  /** A sign of life from the submitter's page (no body), with their secret or token; the activity type is accepted but not kept. */
  api.post("/queue-position/activity/:userId", { config: rateLimit(deps.config, "api") }, async (request) => {
    const { userId } = parseInput(userIdParams, request.params, "path");
    parseInput(activityQuerySchema, request.query, "query");
    await deps.services.activity.recordActivity(await deps.auth.actorFrom(request), userId);
    return { ok: true };
  });
}
