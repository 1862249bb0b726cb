import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditPageSchema, auditQuerySchema } from "@common/audit";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";

/** GET audit/admin: the back-office's record of who did what. */
export async function registerAuditRoutes(scope: FastifyInstance, deps: RouteDeps<"audit">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/audit/admin",
    {
      schema: {
        tags: ["audit"],
        summary: "Admin actions, newest first, filtered by action, admin or entry",
        security: SECURITY.admin,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => deps.services.audit.list(await deps.auth.actorFrom(request), request.query),
  );
}
