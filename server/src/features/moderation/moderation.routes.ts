import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "@common/api";
import { banIdParamsSchema, banInputSchema, banListSchema, banSchema } from "@common/moderation";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

const security = SECURITY.admin;

/** The host's bans: listed, placed and lifted from the Bans page. */
export async function registerModerationRoutes(scope: FastifyInstance, deps: RouteDeps<"moderation">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["moderation"]);
  const { moderation } = deps.services;

  api.get("/moderation/bans", route("Bans in force, newest first", { security, response: { 200: banListSchema } }), async (request) => ({
    bans: await moderation.list(await deps.auth.actorFrom(request)),
  }));

  api.post(
    "/moderation/bans",
    route("Ban a submitter (account, guest or username) or a song (every address of the link)", { security, body: banInputSchema, response: { 201: banSchema } }),
    async (request, reply) => reply.code(201).send(await moderation.ban(await deps.auth.actorFrom(request), request.body)),
  );

  api.delete("/moderation/bans/:id", route("Lift a ban", { security, params: banIdParamsSchema, response: { 200: okSchema } }), async (request) => {
    await moderation.lift(await deps.auth.actorFrom(request), request.params.id);
    return { ok: true as const };
  });
}
