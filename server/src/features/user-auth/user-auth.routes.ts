import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginFormSchema } from "@common/auth";
import { registerSchema, signOutResponseSchema, userAuthResponseSchema } from "@common/users";
import type { RouteDeps } from "../../feature-deps";
import { bearerToken } from "../../lib/bearer-token";
import { SECURITY } from "../../plugins/openapi";
import { signInLimit } from "../../plugins/rate-limit";
import { routeOptions } from "../../plugins/route-options";

/** The refresh token in a JSON or form body; anything else in the body is ignored. */
const refreshTokenBody = {
  body: z.object({ refresh_token: z.string().optional() }),
  consumes: ["application/json", "application/x-www-form-urlencoded"],
};

/** `refresh_token` from a JSON or form body, when one was sent. */
function bodyRefreshToken(body: unknown): string | null {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).refresh_token : undefined;
  return typeof value === "string" && value ? value : null;
}

/**
 * Member sign-up, sign-in, renewal and sign-out. Renewal takes the refresh token as the Bearer token
 * (or `refresh_token` in the body); sign-out takes it from the body first, else from the Bearer header.
 */
export async function registerUserAuthRoutes(scope: FastifyInstance, deps: RouteDeps<"userAuth">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { userAuth } = deps.services;
  const route = routeOptions(deps.config, ["member auth"]);

  api.post(
    "/auth/user/register",
    route("Create a member account and sign in", { body: registerSchema, response: { 201: userAuthResponseSchema } }, "login"),
    async (request, reply) => reply.code(201).send(await userAuth.register(request.body)),
  );

  api.post(
    "/auth/user/login",
    {
      ...route("Sign in with a username or e-mail and a password", {
        consumes: ["application/json", "application/x-www-form-urlencoded"],
        body: loginFormSchema,
        response: { 200: userAuthResponseSchema },
      }),
      config: signInLimit(deps.config, "member"),
    },
    async (request) => userAuth.login(request.body.username, request.body.password),
  );

  // The body is read leniently (any shape, the token optional), so the handler reads it.
  api.post(
    "/auth/user/refresh",
    route(
      "New tokens for a member's refresh token (as the Bearer token, or refresh_token in the body)",
      { security: [{ userToken: [] }, {}], checkedByHandler: refreshTokenBody, response: { 200: userAuthResponseSchema } },
      "api",
    ),
    async (request) => userAuth.refresh(bearerToken(request) ?? bodyRefreshToken(request.body)),
  );

  api.post(
    "/user/logout",
    route("Revoke a member's refresh token (refresh_token in the body, else the Bearer token)", {
      security: [{}, ...SECURITY.user],
      checkedByHandler: refreshTokenBody,
      response: { 200: signOutResponseSchema },
    }),
    async (request) => userAuth.logout([bodyRefreshToken(request.body), bearerToken(request)]),
  );
}
