import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  historyPageSchema,
  historyQuerySchema,
  linkSubmissionResponseSchema,
  meUserSchema,
  publicUserSchema,
  updateMeSchema,
  userListPageSchema,
  userListQuerySchema,
  userSearchQuerySchema,
  userStatsSchema,
  usernameCheckSchema,
} from "@common/users";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes, routeOptions } from "../../plugins/route-options";

const usernameParams = z.object({ username: z.string() });
const idParams = z.object({ id: z.string() });
/** Public reads: a member sees their own private profile, an admin sees every profile. */
const viewerSecurity = [{}, ...SECURITY.user, ...SECURITY.admin];

/** Own account (user/me…), availability checks, public profiles and the member directory. */
export async function registerUserRoutes(scope: FastifyInstance, deps: RouteDeps<"users" | "community" | "linkSubmission">): Promise<void> {
  const { api, route: accountRoute, actorOf, forActor } = featureRoutes(scope, deps, ["account"]);
  const communityRoute = routeOptions(deps.config, ["community"]);
  /** A page of the member directory, as the query asks for it. */
  const directoryRoute = <Query extends z.ZodType>(summary: string, querystring: Query) =>
    communityRoute(summary, { security: viewerSecurity, querystring, response: { 200: userListPageSchema } });
  const { users, community: directory, linkSubmission } = deps.services;

  api.get("/user/me", accountRoute("The signed-in member", { security: SECURITY.user, response: { 200: meUserSchema } }), forActor(users.me));

  api.put(
    "/user/me",
    accountRoute("Change one's profile, defaults and preferences", { security: SECURITY.user, body: updateMeSchema, response: { 200: meUserSchema } }),
    async (request) => users.updateMe(await actorOf(request), request.body),
  );

  api.get("/user/me/stats", accountRoute("The signed-in member's stats", { security: SECURITY.user, response: { 200: userStatsSchema } }), forActor(users.myStats));

  api.get(
    "/user/me/history",
    accountRoute("The signed-in member's submissions, newest first", { security: SECURITY.user, querystring: historyQuerySchema, response: { 200: historyPageSchema } }),
    async (request) => users.myHistory(await actorOf(request), request.query),
  );

  api.post(
    "/user/me/link-submission/:id",
    accountRoute("Claim a guest submission for the signed-in member (the guest's secret in X-Guest-Secret)", {
      security: [{ userToken: [], guestSecret: [] }],
      params: idParams,
      response: { 200: linkSubmissionResponseSchema },
    }),
    async (request) => linkSubmission.link(await actorOf(request), request.params.id),
  );

  api.get(
    "/user/check-username/:username",
    accountRoute("Whether a username is free (one's own counts as free)", { security: viewerSecurity, params: usernameParams, response: { 200: usernameCheckSchema } }),
    async (request) => users.checkUsername(request.params.username, await actorOf(request)),
  );

  api.get("/user/public/all", directoryRoute("The member directory (an admin also sees e-mails and private profiles)", userListQuerySchema), async (request) =>
    directory.list(request.query, await actorOf(request)),
  );

  api.get("/user/search/users", directoryRoute("Search members by name (an admin: by e-mail too, most recently active first)", userSearchQuerySchema), async (request) =>
    directory.search(request.query, await actorOf(request)),
  );

  api.get(
    "/user/:username",
    communityRoute("A member's public profile", { security: viewerSecurity, params: usernameParams, response: { 200: publicUserSchema } }),
    async (request) => users.profile(request.params.username, await actorOf(request)),
  );

  api.get("/user/:username/stats", communityRoute("A member's stats", { security: viewerSecurity, params: usernameParams, response: { 200: userStatsSchema } }), async (request) =>
    users.profileStats(request.params.username, await actorOf(request)),
  );

  api.get(
    "/user/:username/history",
    communityRoute("A member's submissions, newest first", {
      security: viewerSecurity,
      params: usernameParams,
      querystring: historyQuerySchema,
      response: { 200: historyPageSchema },
    }),
    async (request) => users.profileHistory(request.params.username, await actorOf(request), request.query),
  );
}
