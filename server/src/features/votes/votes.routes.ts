import type { FastifyInstance } from "fastify";
import { currentPlayedSchema, voteParams, voteResultSchema, voteUsageSchema } from "@common/votes";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

/** The spec's two GETs, and the vote and its taking back (docs/votes.md); the service decides who may. */
export async function registerVotesRoutes(scope: FastifyInstance, deps: RouteDeps<"votes">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["votes"]);
  const { votes } = deps.services;

  api.get(
    "/votes/session/current/played",
    route("The live session's played songs with their votes (session_id null when no session is live)", {
      security: SECURITY.optionalUser,
      response: { 200: currentPlayedSchema },
    }),
    forActor(votes.played),
  );

  api.get(
    "/votes/session/current/usage",
    route("The signed-in member's votes in the live session", { security: SECURITY.user, response: { 200: voteUsageSchema } }),
    forActor(votes.usage),
  );

  api.post(
    "/votes/session/current/played/:submission_id",
    route(
      "Vote for a song played in the live session (one per song, votesPerSession in all)",
      { security: SECURITY.user, params: voteParams, response: { 201: voteResultSchema } },
      "api",
    ),
    async (request, reply) => reply.code(201).send(await votes.vote(await actorOf(request), request.params.submission_id)),
  );

  api.delete(
    "/votes/session/current/played/:submission_id",
    route("Take back a vote while the session is live", { security: SECURITY.user, params: voteParams, response: { 200: voteResultSchema } }, "api"),
    async (request) => votes.unvote(await actorOf(request), request.params.submission_id),
  );
}
