import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { liveStreamInfoSchema } from "@common/live-stream";
import type { RouteDeps } from "../../feature-deps";
import { siteOrigin } from "../../plugins/site-origin";

/** GET integrations/youtube/live: whether the stream is on air (asked of YouTube, cached briefly). */
export async function registerLiveStreamRoutes(scope: FastifyInstance, deps: RouteDeps<"liveStream">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["live stream"], summary: "Whether the stream is live, its video and embed addresses", response: { 200: liveStreamInfoSchema } };
  api.get("/integrations/youtube/live", { schema }, async (request) => deps.services.liveStream.info(new URL(siteOrigin(deps.config, request)).hostname));
}
