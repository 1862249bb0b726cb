import type { FastifyInstance } from "fastify";
import { skipVoteInputSchema, skipVoteStatusSchema } from "@common/skip-votes";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

/** Votes to skip the song Now Playing; the service decides who may vote and when. */
export async function registerSkipVotesRoutes(scope: FastifyInstance, deps: RouteDeps<"skipVotes">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["skip votes"]);
  const { skipVotes } = deps.services;

  api.get(
    "/skip-votes/current",
    route("The song Now Playing, its skip votes and how many skip it (needed null while skip votes are off)", {
      security: SECURITY.optionalUser,
      response: { 200: skipVoteStatusSchema },
    }),
    forActor(skipVotes.status),
  );

  api.post(
    "/skip-votes",
    route(
      "Vote to skip the song Now Playing (one vote per member and song; the vote that reaches the threshold plays the next song)",
      { security: SECURITY.user, body: skipVoteInputSchema, response: { 201: skipVoteStatusSchema } },
      "api",
    ),
    async (request, reply) => reply.code(201).send(await skipVotes.vote(await actorOf(request), request.body)),
  );
}
