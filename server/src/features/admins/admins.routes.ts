import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminProfileSchema, loginFormSchema, tokenPairSchema } from "@common/auth";
import type { RouteDeps } from "../../feature-deps";
import { bearerToken } from "../../lib/bearer-token";
import { SECURITY } from "../../plugins/openapi";
import { signInLimit } from "../../plugins/rate-limit";
import { routeOptions } from "../../plugins/route-options";

/** OAuth2-style password sign-in: a form body (JSON is accepted too). */
const formBody = ["application/x-www-form-urlencoded", "application/json"];

/** POST auth/admin (form login), auth/admin/test-token, auth/admin/refresh, auth/admin/logout. */
export async function registerAdminRoutes(scope: FastifyInstance, deps: RouteDeps<"adminSessions">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["admin auth"]);
  const { adminSessions } = deps.services;

  api.post(
    "/auth/admin",
    { ...route("Sign in as an admin", { consumes: formBody, body: loginFormSchema, response: { 200: tokenPairSchema } }), config: signInLimit(deps.config, "admin") },
    async (request) => adminSessions.login(request.body.username, request.body.password),
  );

  api.post("/auth/admin/test-token", route("The signed-in admin", { security: SECURITY.admin, response: { 200: adminProfileSchema } }), async (request) =>
    adminSessions.profile(await deps.auth.actorFrom(request)),
  );

  api.post(
    "/auth/admin/refresh",
    route("New tokens for an admin's refresh token (sent as the Bearer token)", { security: SECURITY.admin, response: { 200: tokenPairSchema } }),
    async (request) => adminSessions.refresh(bearerToken(request)),
  );

  api.post(
    "/auth/admin/logout",
    route("Revoke an admin's refresh token (sent as the Bearer token)", { security: SECURITY.admin, response: { 204: z.undefined().describe("Signed out; no body") } }),
    async (request, reply) => {
      await adminSessions.logout(bearerToken(request));
      return reply.code(204).send();
    },
  );
}
