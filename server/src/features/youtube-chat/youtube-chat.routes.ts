import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { youtubeChatConnectResponseSchema, youtubeChatStatusSchema } from "@common/youtube-chat";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { siteOrigin } from "../../plugins/site-origin";

const tags = ["youtube-chat"];
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(4096).optional(),
});
/** Where the admin page shows the YouTube connection. */
const ADMIN_PAGE = "/admin/chat-commands";

/** The host connects the YouTube channel whose live chat the app reads, and sees how it is doing. */
export async function registerYoutubeChatRoutes(scope: FastifyInstance, deps: RouteDeps<"youtubeChatConnection" | "youtubeChatReader">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { youtubeChatConnection, youtubeChatReader } = deps.services;
  const callbackPath = `${api.prefix}/youtube-chat/callback`;
  api.addHook("onClose", () => youtubeChatReader.stop());

  api.get(
    "/admin/youtube-chat",
    { schema: { tags, security: SECURITY.admin, summary: "The YouTube live chat connection's state, or why it is not reading", response: { 200: youtubeChatStatusSchema } } },
    async (request) => youtubeChatConnection.status(await deps.auth.actorFrom(request)),
  );

  api.post(
    "/admin/youtube-chat/connect",
    {
      schema: { tags, security: SECURITY.admin, summary: "Google's consent page address for connecting the YouTube channel", response: { 200: youtubeChatConnectResponseSchema } },
    },
    async (request) => ({
      authorize_url: await youtubeChatConnection.connectUrl(await deps.auth.actorFrom(request), `${siteOrigin(deps.config, request)}${callbackPath}`),
    }),
  );

  api.get(
    "/youtube-chat/callback",
    {
      schema: {
        tags,
        summary: "Where Google sends the host back; lands on the admin page",
        querystring: callbackQuery,
        response: { 302: z.undefined().describe("To the Chat Commands page") },
      },
    },
    async (request, reply) => {
      const site = siteOrigin(deps.config, request);
      const result = await youtubeChatConnection.finishConnect(request.query, `${site}${callbackPath}`);
      if (result.ok) youtubeChatReader.check();
      const params = new URLSearchParams(result.ok ? { youtube: "connected" } : { youtube: "failed", youtube_error: result.message ?? "" });
      reply.header("cache-control", "no-store");
      return reply.redirect(`${site}${ADMIN_PAGE}?${params}`, 302);
    },
  );

  api.delete(
    "/admin/youtube-chat",
    { schema: { tags, security: SECURITY.admin, summary: "Forget the connected YouTube channel and its tokens", response: { 204: z.undefined().describe("Forgotten; no body") } } },
    async (request, reply) => {
      await youtubeChatConnection.disconnect(await deps.auth.actorFrom(request));
      youtubeChatReader.check();
      return reply.code(204).send();
    },
  );
}
