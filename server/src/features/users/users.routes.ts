import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { GUEST_SECRET_HEADER } from "@common/queue";
import { historyQuerySchema, updateMeSchema, userListQuerySchema, userSearchQuerySchema } from "@common/users";
import type { FeatureDeps } from "../../app";
import { parseInput } from "../../lib/validation";
import { bearerToken } from "../../plugins/auth";
import type { Viewer } from "./users.service";

const usernameParams = z.object({ username: z.string() });
const idParams = z.object({ id: z.string() });

/** Own account (user/me…), availability checks, public profiles and the member directory. */
export async function registerUserRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { users, community, linkSubmission } = deps.services;

  /** Anyone may call the public reads; a member sees their own private profile, an admin sees all. */
  async function viewerOf(request: FastifyRequest): Promise<Viewer> {
    const token = bearerToken(request);
    if (token && (await deps.auth.adminFromToken(token))) return { userId: null, isAdmin: true };
    const user = await deps.auth.optionalUser(request);
    return { userId: user?.userId ?? null, isAdmin: false };
  }

  api.get("/user/me", async (request) => {
    const { userId } = await deps.auth.requireUser(request);
    return users.me(userId);
  });

  api.put("/user/me", async (request) => {
    const { userId } = await deps.auth.requireUser(request);
    return users.updateMe(userId, parseInput(updateMeSchema, request.body, "body"));
  });

  api.get("/user/me/stats", async (request) => {
    const { userId } = await deps.auth.requireUser(request);
    return users.myStats(userId);
  });

  api.get("/user/me/history", async (request) => {
    const { userId } = await deps.auth.requireUser(request);
    const query = parseInput(historyQuerySchema, request.query, "query");
    return users.myHistory(userId, query.limit, query.offset);
  });

  api.post("/user/me/link-submission/:id", async (request) => {
    const { userId } = await deps.auth.requireUser(request);
    const { id } = parseInput(idParams, request.params, "path");
    const secret = request.headers[GUEST_SECRET_HEADER];
    return linkSubmission.link(userId, id, typeof secret === "string" ? secret : null);
  });

  api.get("/user/check-username/:username", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.checkUsername(username, await viewerOf(request));
  });

  api.get("/user/public/all", async (request) => {
    const query = parseInput(userListQuerySchema, request.query, "query");
    return community.list(query, await viewerOf(request));
  });

  api.get("/user/search/users", async (request) => {
    const query = parseInput(userSearchQuerySchema, request.query, "query");
    return community.search(query, await viewerOf(request));
  });

  api.get("/user/:username", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.profile(username, await viewerOf(request));
  });

  api.get("/user/:username/stats", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    return users.profileStats(username, await viewerOf(request));
  });

  api.get("/user/:username/history", async (request) => {
    const { username } = parseInput(usernameParams, request.params, "path");
    const query = parseInput(historyQuerySchema, request.query, "query");
    return users.profileHistory(username, await viewerOf(request), query.limit, query.offset);
  });
}
