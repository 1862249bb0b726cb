import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteDeps } from "../../feature-deps";
import { siteOrigin } from "../../plugins/site-origin";
import { TWITCH_SIGN_IN_STATE_TTL_SECONDS } from "./twitch-sign-in.service";
import { routeOptions } from "../../plugins/route-options";

const STATE_COOKIE = "lq_twitch_state";
const startQuery = z.object({
  redirect_to: z.string().optional(),
  client_state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "client_state must be 16 to 128 letters, digits, '-' or '_'")
    .optional(),
});
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Sign in with Twitch: start -> Twitch's consent page -> callback -> /auth/success or /auth/error. Needs the cookie plugin. */
export async function registerTwitchSignInRoutes(scope: FastifyInstance, deps: RouteDeps<"twitchSignIn">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["twitch sign-in"]);
  const { twitchSignIn } = deps.services;
  const cookiePath = `${api.prefix}/auth/twitch`;
  const setCookie = (reply: FastifyReply, site: string, value: string, maxAge: number) =>
    reply.setCookie(STATE_COOKIE, value, { path: cookiePath, maxAge, httpOnly: true, sameSite: "lax", secure: site.startsWith("https:") });

  api.get(
    "/auth/twitch/start",
    route(
      "Start signing in with Twitch",
      { querystring: startQuery, response: { 302: z.undefined().describe("To Twitch's consent page, or to the error page when Twitch is not set up") } },
      "login",
    ),
    async (request, reply) => {
      const site = siteOrigin(deps.config, request);
      const { location, nonce } = await twitchSignIn.start({
        redirectTo: request.query.redirect_to,
        clientState: request.query.client_state ?? null,
        site,
        callbackUrl: `${site}${cookiePath}/callback`,
      });
      if (nonce) setCookie(reply, site, nonce, TWITCH_SIGN_IN_STATE_TTL_SECONDS);
      return reply.redirect(location, 302);
    },
  );

  api.get(
    "/auth/twitch/callback",
    route("Where Twitch sends the browser back; lands on the app's sign-in page", {
      querystring: callbackQuery,
      response: { 302: z.undefined().describe("To the app's auth page") },
    }),
    async (request, reply) => {
      const site = siteOrigin(deps.config, request);
      const nonce = request.cookies[STATE_COOKIE] ?? null;
      setCookie(reply, site, "", 0);
      reply.header("cache-control", "no-store");
      return reply.redirect(await twitchSignIn.finish(request.query, nonce, site, `${site}${cookiePath}/callback`), 302);
    },
  );
}
