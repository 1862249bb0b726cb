import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { playerConfigSchema, playerStatusSchema } from "@common/player";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";

/**
 * GET player/config: where the host's player loads YouTube's, SoundCloud's and Spotify's scripts;
 * GET player/status: which player plays and its latest report. The player itself talks over /ws/admin.
 */
export async function registerPlayerRoutes(scope: FastifyInstance, deps: RouteDeps<"player">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["player"], summary: "The player scripts' addresses", security: SECURITY.admin, response: { 200: playerConfigSchema } };
  api.get("/player/config", { schema }, async (request) => deps.services.player.config(await deps.auth.actorFrom(request)));
  const statusSchema = { tags: ["player"], summary: "Which player plays, and its latest report", security: SECURITY.admin, response: { 200: playerStatusSchema } };
  api.get("/player/status", { schema: statusSchema }, async (request) => deps.services.player.status(await deps.auth.actorFrom(request)));
}
