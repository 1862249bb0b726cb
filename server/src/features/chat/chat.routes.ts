import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHAT_COMMANDS, chatSecretSchema } from "@common/moderation";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { rateLimit } from "../../plugins/rate-limit";
import { featureRoutes } from "../../plugins/route-options";
import { clientAddressKey } from "../../lib/client-address";
import { siteOrigin } from "../../plugins/site-origin";
import { chatLines } from "./chat-lines";
import { readBotClaim } from "./bot-callers";

const secretParams = z.object({ secret: z.string().max(200) });
/**
 * Bots pass whatever the viewer typed; it is trimmed and shortened, never refused. `name`: whose
 * position (!position name); `q`: what follows !sr; `user`: the caller, for bots that send no identity
 * of their own (StreamElements' ${user}).
 */
const commandQuery = z.object({
  name: z.string().max(2000).optional(),
  q: z.string().max(2000).optional(),
  user: z.string().max(2000).optional(),
});
const plainLine = z.string().describe("One line of plain text, under 400 characters");

const TEXT = "text/plain; charset=utf-8";

/** The 429 a bot gets: one sentence it can post in chat, with Retry-After. */
function sendTooMany(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(429).header("retry-after", String(retryAfterSeconds)).type(TEXT).send(chatLines.tooManyRequests(retryAfterSeconds));
}

/**
 * GET chat/{secret}/{command}: plain-text answers for Nightbot's $(urlfetch), StreamElements'
 * ${customapi} and Fossabot's $(customapi), limited per secret; answers to unknown secrets are limited
 * per client address too, so guessing secrets costs as much as using one. The admin page makes and
 * rotates the secret.
 */
export async function registerChatRoutes(scope: FastifyInstance, deps: RouteDeps<"chat">): Promise<void> {
  const { chat } = deps.services;
  const { route, forActor } = featureRoutes(scope, deps, ["chat"]);
  const { rateLimit: limit } = rateLimit(deps.config, "chat");

  await scope.register(async (plugin) => {
    const api = plugin.withTypeProvider<ZodTypeProvider>();
    const unknownSecretLimit = plugin.createRateLimit({ ...limit, keyGenerator: (request) => `chat-unknown:${clientAddressKey(request.ip)}` });

    // Only the command lines are plain text: anything else goes on to the app's JSON error handler.
    plugin.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode !== 429) throw error;
      return sendTooMany(reply, Number(reply.getHeader("retry-after")) || 1);
    });

    for (const command of CHAT_COMMANDS) {
      api.get(
        `/chat/:secret/${command}`,
        {
          ...route(`The !${command} chat command's line`, {
            params: secretParams,
            querystring: commandQuery,
            response: { 200: plainLine, 404: plainLine, 429: plainLine, 503: plainLine },
          }),
          config: { rateLimit: { ...limit, keyGenerator: (request) => `chat:${(request.params as { secret?: string }).secret ?? ""}` } },
        },
        async (request, reply) => {
          const { name, q, user } = request.query;
          const site = siteOrigin(deps.config, request);
          const claim = readBotClaim({ headers: request.headers, user });
          let answer: Awaited<ReturnType<typeof chat.answer>>;
          try {
            answer = await chat.answer(request.params.secret, command, site, { name, text: q, claim });
          } catch (error) {
            // A bot posts whatever it gets: a failure is a sentence for chat too, never an error page.
            request.log.error({ err: error }, "chat command failed");
            return reply.code(503).type(TEXT).send(chatLines.unavailable);
          }
          const { status, line } = answer;
          if (status === 404) {
            const verdict = await unknownSecretLimit(request);
            if (!verdict.isAllowed && verdict.isExceeded) return sendTooMany(reply, verdict.ttlInSeconds);
          }
          return reply.code(status).type(TEXT).send(line);
        },
      );
    }
  });

  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/chat/admin/secret",
    route("The chat-command secret (null before the first rotation)", { security: SECURITY.admin, response: { 200: chatSecretSchema } }),
    forActor(chat.secret),
  );
  api.post(
    "/chat/admin/secret",
    route("Make a new chat-command secret; links with the old one stop working", { security: SECURITY.admin, response: { 200: chatSecretSchema } }),
    forActor(chat.rotate),
  );
}
