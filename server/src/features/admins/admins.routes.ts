import type { FastifyInstance } from "fastify";
import { loginFormSchema } from "@common/auth";
import type { FeatureDeps } from "../../feature-deps";
import { bearerToken } from "../../plugins/auth";
import { rateLimit } from "../../plugins/rate-limit";
import { parseInput } from "../../lib/validation";

/** POST auth/admin (form login), auth/admin/test-token, auth/admin/refresh, auth/admin/logout. */
export async function registerAdminRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { adminSessions } = deps.services;

  api.post("/auth/admin", { config: rateLimit(deps.config, "login") }, async (request) => {
    const { username, password } = parseInput(loginFormSchema, request.body, "body");
    return adminSessions.login(username, password);
  });

  api.post("/auth/admin/test-token", async (request) => adminSessions.profile(await deps.auth.actorFrom(request)));

  api.post("/auth/admin/refresh", async (request) => adminSessions.refresh(bearerToken(request)));

  api.post("/auth/admin/logout", async (request, reply) => {
    await adminSessions.logout(bearerToken(request));
    return reply.code(204).send();
  });
}
