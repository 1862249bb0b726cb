import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { historyQuerySchema, updateMeSchema, userListQuerySchema, userSearchQuerySchema } from "@common/users";
import type { FeatureDeps } from "../../feature-deps";
import { parseInput } from "../../lib/validation";

const usernameParams = z.object({ username: z.string() });
const idParams = z.object({ id: z.string() });

/** Own account (user/me…), availability checks, public profiles and the member directory. */
export async function registerUserRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { users, community, linkSubmission } = deps.services;

  const actorOf = (request: FastifyRequest) => deps.auth.actorFrom(request);

  api.get("/user/me", async (request) => users.me(await actorOf(request)));

  api.put("/user/me", async (request) => {
    const actor = await actorOf(request);
    return users.updateMe(actor, parseInput(updateMeSchema, request.body, "body"));
  });

  api.get("/user/me/stats", async (request) => users.myStats(await actorOf(request)));

  api.get("/user/me/history", async (request) => {
    const actor = await actorOf(request);
    const query = parseInput(historyQuerySchema, request.query, "query");
    return users.myHistory(actor, query.limit, query.offset);
  });

  api.post("/user/me/link-submission/:id", async (request) => {
    const actor = await actorOf(request);
    const { id } = parseInput(idParams, request.params, "path");
    return linkSubmission.link(actor, id);
  });

  api.get("/user/check-username/:username", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.checkUsername(username, await actorOf(request));
  });

  api.get("/user/public/all", async (request) => {
    const query = parseInput(userListQuerySchema, request.query, "query");
    return community.list(query, await actorOf(request));
  });

  api.get("/user/search/users", async (request) => {
    const query = parseInput(userSearchQuerySchema, request.query, "query");
    return community.search(query, await actorOf(request));
  });

  api.get("/user/:username", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.profile(username, await actorOf(request));
  });

  api.get("/user/:username/stats", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.profileStats(username, await actorOf(request));
  });

  api.get("/user/:username/history", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    const query = parseInput(historyQuerySchema, request.query, "query");
    return users.profileHistory(username, await actorOf(request), query.limit, query.offset);
  });
}
