import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { emailLinkQuerySchema, emailLinkResultSchema, emailOneClickBodySchema, emailPreferencesSchema, emailSubscribeResponseSchema, emailSubscribeSchema } from "@common/email";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

/** E-mail subscriptions: preferences, subscribe (double opt-in), the confirmation link and one-click unsubscribe. */
export async function registerEmailRoutes(scope: FastifyInstance, deps: RouteDeps<"email">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["e-mail"]);
  const { email } = deps.services;

  api.get(
    "/email-subscriptions/preferences",
    route("The signed-in member's e-mail subscription options (all false for a guest)", { security: SECURITY.optionalUser, response: { 200: emailPreferencesSchema } }),
    forActor(email.preferences),
  );

  api.post(
    "/email-subscriptions/subscribe",
    route(
      "Subscribe an address; a confirmation mail is sent and nothing else until its link is opened",
      { security: SECURITY.optionalUser, body: emailSubscribeSchema, response: { 200: emailSubscribeResponseSchema } },
      "submit",
    ),
    async (request) => email.subscribe(await actorOf(request), request.body),
  );

  api.post(
    "/email-subscriptions/confirm",
    route("Confirm a subscription with the signed token of its confirmation mail", { querystring: emailLinkQuerySchema, response: { 200: emailLinkResultSchema } }, "api"),
    async (request) => email.confirm(await actorOf(request), request.query.token),
  );

  // The List-Unsubscribe URL opened in a browser: the page asks before unsubscribing, since mail
  // scanners fetch links on their own and a GET must change nothing.
  api.get(
    "/email-subscriptions/unsubscribe",
    route(
      "A mail's List-Unsubscribe link opened in a browser: redirects to the page that confirms the unsubscribe",
      { querystring: emailLinkQuerySchema, response: { 302: z.undefined().describe("To the web page /email/unsubscribe with the same token") } },
      "api",
    ),
    async (request, reply) => reply.redirect(email.unsubscribePageUrl(request.query.token), 302),
  );

  api.post(
    "/email-subscriptions/unsubscribe",
    route(
      "One-click unsubscribe (RFC 8058) with the signed token of a mail's List-Unsubscribe link",
      { querystring: emailLinkQuerySchema, body: emailOneClickBodySchema, response: { 200: emailLinkResultSchema } },
      "api",
    ),
    async (request) => email.unsubscribe(await actorOf(request), request.query.token),
  );
}
