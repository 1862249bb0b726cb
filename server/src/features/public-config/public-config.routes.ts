import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema, type PublicConfig } from "@common/files";
import { ALLOWED_AUDIO_EXTENSIONS, MAX_UPLOAD_BYTES } from "@common/limits";
import type { RouteDeps } from "../../feature-deps";

/** GET public-config: the few server settings the web app shows before anyone signs in. */
export async function registerPublicConfigRoutes(scope: FastifyInstance, deps: RouteDeps): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const config: PublicConfig = {
    upload_fallback_email: deps.config.files.uploadFallbackEmail,
    max_upload_bytes: MAX_UPLOAD_BYTES,
    allowed_audio_extensions: ALLOWED_AUDIO_EXTENSIONS,
  };
  const schema = { tags: ["config"], summary: "Settings the web app needs before anyone signs in", response: { 200: publicConfigSchema } };
  api.get("/public-config", { schema }, async (_request, reply) => reply.header("cache-control", "public, max-age=300").send(config));
}
