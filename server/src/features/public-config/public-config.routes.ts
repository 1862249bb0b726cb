import type { FastifyInstance } from "fastify";
import type { PublicConfig } from "@common/files";
import { ALLOWED_AUDIO_EXTENSIONS, MAX_UPLOAD_BYTES } from "@common/limits";
import type { FeatureDeps } from "../../feature-deps";

/** GET public-config: the few server settings the web app shows before anyone signs in. */
export async function registerPublicConfigRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const config: PublicConfig = {
    upload_fallback_email: deps.config.files.uploadFallbackEmail,
    max_upload_bytes: MAX_UPLOAD_BYTES,
    allowed_audio_extensions: ALLOWED_AUDIO_EXTENSIONS,
  };
  api.get("/public-config", async (_request, reply) => reply.header("cache-control", "public, max-age=300").send(config));
}
