import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reviewInputSchema, reviewOrNoneSchema, reviewParamsSchema, reviewSchema } from "@common/reviews";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

const security = SECURITY.admin;

/** Review mode: the host's score and line for the artist of the song playing or played. */
export async function registerReviewsRoutes(scope: FastifyInstance, deps: RouteDeps<"reviews">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["reviews"]);
  const { reviews } = deps.services;

  api.get(
    "/reviews/:id",
    route("The host's score of a song, or null before it is scored", { security, params: reviewParamsSchema, response: { 200: reviewOrNoneSchema } }),
    async (request) => ({ review: await reviews.find(await deps.auth.actorFrom(request), request.params.id) }),
  );

  api.put(
    "/reviews/:id",
    route("Score the song playing or one played, 1 to 10, with an optional line for the artist", {
      security,
      params: reviewParamsSchema,
      body: reviewInputSchema,
      response: { 200: reviewSchema },
    }),
    async (request) => reviews.score(await deps.auth.actorFrom(request), request.params.id, request.body),
  );
}
