import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema, type PublicConfig } from "@common/files";
import { ALLOWED_AUDIO_EXTENSIONS, MAX_UPLOAD_BYTES } from "@common/limits";
import { presentSite, SITE_SETTING_NAMES } from "@common/site";
import type { RouteDeps } from "../../feature-deps";

/** GET public-config: the server settings the web app shows before anyone signs in, the host's site among them. */
export async function registerPublicConfigRoutes(scope: FastifyInstance, deps: RouteDeps<"settings">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { settings } = deps.services;
  const schema = { tags: ["config"], summary: "Settings the web app needs before anyone signs in", response: { 200: publicConfigSchema } };
  api.get("/public-config", { schema }, async (_request, reply) => {
    const stored = new Map(await Promise.all(SITE_SETTING_NAMES.map(async (name) => [name, await settings.get(name)] as const)));
    const config: PublicConfig = {
      upload_fallback_email: deps.config.files.uploadFallbackEmail,
      max_upload_bytes: MAX_UPLOAD_BYTES,
      allowed_audio_extensions: ALLOWED_AUDIO_EXTENSIONS,
      site: presentSite((name) => stored.get(name) ?? null),
      twitch_sign_in: Boolean(deps.config.twitch.clientId && deps.config.twitch.clientSecret),
    };
    // The host may change the site at any time: browsers ask again rather than keep an old copy.
    return reply.header("cache-control", "no-cache").send(config);
  });
}
