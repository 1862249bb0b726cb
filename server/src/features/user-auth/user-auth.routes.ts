import type { FastifyInstance } from "fastify";
import { loginFormSchema } from "@common/auth";
import { registerSchema } from "@common/users";
import type { FeatureDeps } from "../../feature-deps";
import { parseInput } from "../../lib/validation";
import { bearerToken } from "../../plugins/auth";
import { rateLimit } from "../../plugins/rate-limit";

/** `refresh_token` from a JSON or form body, when one was sent. */
function bodyRefreshToken(body: unknown): string | null {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).refresh_token : undefined;
  return typeof value === "string" && value ? value : null;
}

/**
 * Member sign-up, sign-in, renewal and sign-out. Renewal takes the refresh token as the Bearer token
 * (or `refresh_token` in the body); sign-out takes it from the body first, else from the Bearer header.
 */
export async function registerUserAuthRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { userAuth } = deps.services;
  const loginLimit = rateLimit(deps.config, "login");

  api.post("/auth/user/register", { config: loginLimit }, async (request, reply) => {
    const input = parseInput(registerSchema, request.body, "body");
    return reply.code(201).send(await userAuth.register(input));
  });

  api.post("/auth/user/login", { config: loginLimit }, async (request) => {
    const form = parseInput(loginFormSchema, request.body, "body");
    return userAuth.login(form.username, form.password);
  });

  api.post("/auth/user/refresh", { config: rateLimit(deps.config, "api") }, async (request) => {
    return userAuth.refresh(bearerToken(request) ?? bodyRefreshToken(request.body));
  });

  api.post("/user/logout", async (request) => {
    return userAuth.logout([bodyRefreshToken(request.body), bearerToken(request)]);
  });
}
