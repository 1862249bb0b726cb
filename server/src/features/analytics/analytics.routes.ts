import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { priorityAnalyticsSchema, saveSessionSchema, sessionIdParams, sessionRefParams, sessionSchema, startSessionSchema } from "@common/analytics";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

const security = SECURITY.admin;

/** Sessions (admin spec 7, "Sessions") and GET priority/analytics; the service decides who may do what. */
export async function registerAnalyticsRoutes(scope: FastifyInstance, deps: RouteDeps<"analytics">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["analytics"]);
  const { analytics } = deps.services;

  api.get("/analytics/sessions", route("Every session, newest first", { security, response: { 200: z.array(sessionSchema) } }), forActor(analytics.listSessions));

  api.get(
    "/analytics/sessions/:sessionId",
    route("One session with the songs played in it", { security, params: sessionIdParams, response: { 200: sessionSchema } }),
    async (request) => analytics.getSession(await actorOf(request), request.params.sessionId),
  );

  api.post(
    "/analytics/sessions/start",
    route("Start a live session (409 while another is live)", { security, body: startSessionSchema, response: { 201: sessionSchema } }),
    async (request, reply) => reply.code(201).send(await analytics.startSession(await actorOf(request), request.body)),
  );

  api.post(
    "/analytics/sessions/save/:id",
    route("Save a live session, adding played submissions no session holds yet", { security, params: sessionRefParams, body: saveSessionSchema, response: { 200: sessionSchema } }),
    async (request) => analytics.saveSession(await actorOf(request), request.params.id, request.body),
  );

  api.post("/analytics/sessions/end/:id", route("End a live session", { security, params: sessionRefParams, response: { 200: sessionSchema } }), async (request) =>
    analytics.endSession(await actorOf(request), request.params.id),
  );

  api.get(
    "/priority/analytics",
    route("Priority tiers in the queue, payment sources, waits and plays", { security, response: { 200: priorityAnalyticsSchema } }),
    forActor(analytics.priorityAnalytics),
  );
}
