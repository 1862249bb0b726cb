import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { playerConfigSchema } from "@common/player";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";

/** GET player/config: where the host's player loads YouTube's, SoundCloud's and Spotify's scripts. The player itself talks over /ws/admin. */
export async function registerPlayerRoutes(scope: FastifyInstance, deps: RouteDeps<"player">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["player"], summary: "The player scripts' addresses", security: SECURITY.admin, response: { 200: playerConfigSchema } };
  api.get("/player/config", { schema }, async (request) => deps.services.player.config(await deps.auth.actorFrom(request)));
}
