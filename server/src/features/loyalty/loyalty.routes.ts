import type { FastifyInstance } from "fastify";
import {
  fastPassBalancesInputSchema,
  fastPassBalancesSchema,
  fastPassGrantResponseSchema,
  fastPassGrantSchema,
  loyaltyBalanceSchema,
  watchPingBodySchema,
  watchPingResponseSchema,
} from "@common/loyalty";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

/** GET loyalty/balance, POST loyalty/watch-ping (members) and POST fastpass/admin/grant (active admins). */
export async function registerLoyaltyRoutes(scope: FastifyInstance, deps: RouteDeps<"loyalty">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["fast pass"]);
  const { loyalty } = deps.services;

  api.get(
    "/loyalty/balance",
    route("The signed-in member's Fast Pass tokens, in all and by tier", { security: SECURITY.user, response: { 200: loyaltyBalanceSchema } }),
    forActor(loyalty.balance),
  );

  api.post(
    "/loyalty/watch-ping",
    route(
      "Watching the live stream: credits the real time since the previous counted ping (at most 60 s), counted at most once per 50 s per member, while the stream is live",
      { security: SECURITY.user, body: watchPingBodySchema, response: { 200: watchPingResponseSchema } },
      "api",
    ),
    async (request) => loyalty.watchPing(await actorOf(request), request.body.videoId),
  );

  api.post(
    "/fastpass/admin/balances",
    route("The Fast Pass tokens of the listed users (at most 50), by tier", {
      security: SECURITY.admin,
      body: fastPassBalancesInputSchema,
      response: { 200: fastPassBalancesSchema },
    }),
    async (request) => loyalty.balances(await actorOf(request), request.body.user_ids),
  );

  api.post(
    "/fastpass/admin/grant",
    route(
      "Give a member Fast Pass tokens of one tier (count 1-100)",
      { security: SECURITY.admin, body: fastPassGrantSchema, response: { 200: fastPassGrantResponseSchema } },
      "api",
    ),
    async (request) => loyalty.grant(await actorOf(request), request.body),
  );
}
