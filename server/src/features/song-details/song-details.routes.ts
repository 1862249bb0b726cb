import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { youtubeQuotaSchema } from "@common/song-details";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";

/** GET song-details/quota: the YouTube Data API units the links' song details spent today, and the budget. */
export async function registerSongDetailsRoutes(scope: FastifyInstance, deps: RouteDeps<"songDetails">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ["song details"],
    summary: "YouTube quota units spent on song details today, and the daily budget",
    security: SECURITY.admin,
    response: { 200: youtubeQuotaSchema },
  };
  api.get("/song-details/quota", { schema }, async (request) => deps.services.songDetails.quota(await deps.auth.actorFrom(request)));
}
