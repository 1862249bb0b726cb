import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHAT_COMMANDS, chatSecretSchema } from "@common/moderation";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { rateLimit } from "../../plugins/rate-limit";

const tags = ["chat"];
const secretParams = z.object({ secret: z.string().max(200) });
/** Bots pass whatever the viewer typed; it is trimmed and shortened, never refused. */
const nameQuery = z.object({ name: z.string().max(2000).optional() });
const plainLine = z.string().describe("One line of plain text, under 400 characters");

/**
 * GET chat/{secret}/{command}: plain-text answers for Nightbot's $(urlfetch), StreamElements'
 * ${customapi} and Fossabot's $(customapi), limited per secret. The admin page makes and rotates the secret.
 */
export async function registerChatRoutes(scope: FastifyInstance, deps: RouteDeps<"chat">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { chat } = deps.services;
  const { rateLimit: limit } = rateLimit(deps.config, "chat");

  for (const command of CHAT_COMMANDS) {
    api.get(
      `/chat/:secret/${command}`,
      {
        config: { rateLimit: { ...limit, keyGenerator: (request) => `chat:${(request.params as { secret?: string }).secret ?? ""}` } },
        schema: {
          tags,
          summary: `The !${command} chat command's line`,
          params: secretParams,
          ...(command === "position" ? { querystring: nameQuery } : {}),
          response: { 200: plainLine, 404: plainLine },
        },
      },
      async (request, reply) => {
        const name = (request.query as { name?: string }).name;
        const site = deps.config.configuredPublicUrl ?? `${request.protocol}://${request.host}`;
        const { status, line } = await chat.answer(request.params.secret, command, site, name);
        return reply.code(status).type("text/plain; charset=utf-8").send(line);
      },
    );
  }

  api.get(
    "/chat/admin/secret",
    { schema: { tags, summary: "The chat-command secret (null before the first rotation)", security: SECURITY.admin, response: { 200: chatSecretSchema } } },
    async (request) => chat.secret(await deps.auth.actorFrom(request)),
  );
  api.post(
    "/chat/admin/secret",
    { schema: { tags, summary: "Make a new chat-command secret; links with the old one stop working", security: SECURITY.admin, response: { 200: chatSecretSchema } } },
    async (request) => chat.rotate(await deps.auth.actorFrom(request)),
  );
}
