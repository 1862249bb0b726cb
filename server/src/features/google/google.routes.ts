import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { USER_MESSAGES, googleSignInResponseSchema } from "@common/users";
import type { RouteDeps } from "../../feature-deps";
import { parseInput } from "../../lib/validation";
import { rateLimit } from "../../plugins/rate-limit";
import { siteOrigin } from "../../plugins/site-origin";
import { STATE_TTL_SECONDS } from "./google-oauth.service";

const STATE_COOKIE = "lq_google_state";

const tokenExchangeInput = z.object({
  credential: z.string({ error: USER_MESSAGES.googleCredentialRequired }).min(1, USER_MESSAGES.googleCredentialRequired).max(8192),
  access_token: z.string().max(4096).optional(),
});
// The spec's client sends the tokens in the query; the web app sends them in a JSON body, kept out of URLs.
const tokenExchangeQuery = tokenExchangeInput.partial();
const tokenExchangeBody = tokenExchangeInput.partial().optional();

const startQuery = z.object({
  redirect_to: z.string().optional(),
  youtube: z.enum(["true", "false", "1", "0"]).optional(),
  /** The web tab's one-time proof, handed back on /auth/success as `state` so the page knows it started this sign-in. */
  client_state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "client_state must be 16 to 128 letters, digits, '-' or '_'")
    .optional(),
});

const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const tags = ["google sign-in"];
const redirect = (description: string) => ({ 302: z.undefined().describe(description) });

/** Google sign-in: the credential exchange the Google button uses, and the full-page redirect flow. */
export async function registerGoogleRoutes(scope: FastifyInstance, deps: RouteDeps<"googleSignIn" | "googleOAuth">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { googleSignIn, googleOAuth } = deps.services;
  const cookiePath = `${api.prefix}/auth/google`;

  /** The app's origin for this flow (plugins/site-origin.ts): the browser comes back to the origin that holds its session. */
  function siteOf(request: FastifyRequest): { site: string; callbackUrl: string } {
    const site = siteOrigin(deps.config, request);
    return { site, callbackUrl: `${site}${api.prefix}/auth/google/callback` };
  }

  function setStateCookie(reply: FastifyReply, site: string, value: string, maxAge: number): void {
    reply.setCookie(STATE_COOKIE, value, { path: cookiePath, maxAge, httpOnly: true, sameSite: "lax", secure: site.startsWith("https:") });
  }

  api.post(
    "/auth/google/token-exchange",
    {
      config: rateLimit(deps.config, "login"),
      schema: {
        tags,
        summary: "Sign in (or sign up) with a Google ID token from the Google button (in a JSON body, or the query)",
        querystring: tokenExchangeQuery,
        body: tokenExchangeBody,
        response: { 200: googleSignInResponseSchema },
      },
    },
    async (request) => {
      const { body, query } = request;
      const input = body && Object.keys(body).length > 0 ? parseInput(tokenExchangeInput, body, "body") : parseInput(tokenExchangeInput, query, "query");
      return googleSignIn.signIn(input.credential, input.access_token || null);
    },
  );

  const startSchema = {
    tags,
    summary: "Start the redirect sign-in at Google (youtube=true also asks for the YouTube channel)",
    querystring: startQuery,
    response: redirect("To Google's consent page, or back to the app when Google sign-in is not set up"),
  };
  api.get("/auth/google/start", { config: rateLimit(deps.config, "login"), schema: startSchema }, async (request, reply) => {
    const { query } = request;
    const youtube = query.youtube === "true" || query.youtube === "1";
    const { site, callbackUrl } = siteOf(request);
    const { location, nonce } = await googleOAuth.start({ redirectTo: query.redirect_to, youtube, clientState: query.client_state ?? null, site, callbackUrl });
    if (nonce) setStateCookie(reply, site, nonce, STATE_TTL_SECONDS);
    return reply.redirect(location, 302);
  });

  const callbackSchema = {
    tags,
    summary: "Where Google sends the browser back; lands on the app's sign-in page with tokens or an error",
    querystring: callbackQuery,
    response: redirect("To the app's auth page"),
  };
  api.get("/auth/google/callback", { schema: callbackSchema }, async (request, reply) => {
    const { query } = request;
    const nonce = request.cookies[STATE_COOKIE] ?? null;
    const { site, callbackUrl } = siteOf(request);
    // The nonce is good for one attempt, whatever its outcome.
    setStateCookie(reply, site, "", 0);
    reply.header("cache-control", "no-store");
    try {
      return reply.redirect(await googleOAuth.finish(query, nonce, site, callbackUrl), 302);
    } catch (error) {
      request.log.error({ err: error }, "Google sign-in failed");
      return reply.redirect(googleOAuth.internalErrorPage(site), 302);
    }
  });
}
