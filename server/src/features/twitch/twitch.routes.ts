import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { twitchConnectResponseSchema, twitchRewardsInputSchema, twitchStatusSchema } from "@common/twitch";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { siteOrigin } from "../../plugins/site-origin";

const tags = ["twitch"];
const callbackQuery = z.object({ code: z.string().max(4096).optional(), state: z.string().max(4096).optional(), error: z.string().max(200).optional() });
/** Where the admin page shows the Twitch connection. */
const ADMIN_PAGE = "/admin/chat-commands";

/** The host connects the Twitch channel, reads its status and creates the channel-point rewards. */
export async function registerTwitchRoutes(scope: FastifyInstance, deps: RouteDeps<"twitchConnection" | "twitchReader">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { twitchConnection, twitchReader } = deps.services;
  const callbackPath = `${api.prefix}/twitch/callback`;

  api.get(
    "/admin/twitch",
    { schema: { tags, security: SECURITY.admin, summary: "The Twitch connection's state, or why it is not connected", response: { 200: twitchStatusSchema } } },
    async (request) => twitchConnection.status(await deps.auth.actorFrom(request)),
  );

  api.post(
    "/admin/twitch/connect",
    { schema: { tags, security: SECURITY.admin, summary: "Twitch's consent page address for connecting the channel", response: { 200: twitchConnectResponseSchema } } },
    async (request) => ({
      authorize_url: await twitchConnection.connectUrl(await deps.auth.actorFrom(request), `${siteOrigin(deps.config, request)}${callbackPath}`),
    }),
  );

  api.get(
    "/twitch/callback",
    {
      schema: {
        tags,
        summary: "Where Twitch sends the host back; lands on the admin page",
        querystring: callbackQuery,
        response: { 302: z.undefined().describe("To the Chat Commands page") },
      },
    },
    async (request, reply) => {
      const site = siteOrigin(deps.config, request);
      const result = await twitchConnection.finishConnect(request.query, `${site}${callbackPath}`);
      if (result.ok) await twitchReader.check().catch((err) => request.log.warn({ err }, "twitch reader check failed"));
      const params = new URLSearchParams(result.ok ? { twitch: "connected" } : { twitch: "failed", twitch_error: result.message ?? "" });
      reply.header("cache-control", "no-store");
      return reply.redirect(`${site}${ADMIN_PAGE}?${params}`, 302);
    },
  );

  api.post(
    "/admin/twitch/rewards",
    {
      schema: {
        tags,
        security: SECURITY.admin,
        summary: "Create the Request a song (and Skip the line) rewards on the channel",
        body: twitchRewardsInputSchema,
        response: { 200: twitchStatusSchema },
      },
    },
    async (request) => twitchConnection.createRewards(await deps.auth.actorFrom(request), request.body),
  );

  api.delete(
    "/admin/twitch",
    { schema: { tags, security: SECURITY.admin, summary: "Forget the connected channel and its tokens", response: { 204: z.undefined().describe("Forgotten; no body") } } },
    async (request, reply) => {
      await twitchConnection.disconnect(await deps.auth.actorFrom(request));
      await twitchReader.check().catch(() => undefined);
      return reply.code(204).send();
    },
  );
}
