import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { presignUploadSchema } from "@common/files";
import type { FeatureDeps } from "../../feature-deps";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validation";
import { rateLimit } from "../../plugins/rate-limit";
import { parseByteRange } from "./byte-range";
import { requireKey } from "./files.service";
import { detachBody } from "./request-body";

const tokenQuery = z.object({ token: z.string().max(4096).optional() });

/** The address this request reached the app at; upload and download URLs point back to it. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** After a refused upload the client may still be sending: read and drop the rest, then hang up. */
function endUpload(reply: FastifyReply, abandon: () => void): void {
  abandon();
  reply.header("connection", "close");
}

/** Files: presigned uploads and their PUT, scan status, admin downloads (spec 7 and admin 7). */
export async function registerFilesRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { files } = deps.services;
  api.addHook("onClose", async () => files.close());

  api.post("/files/presign-upload", { config: rateLimit(deps.config, "submit") }, async (request) => {
    const input = parseInput(presignUploadSchema, request.body, "body");
    return files.presignUpload(input, originOf(request));
  });

  api.get("/files/presign", async (request) => {
    const key = requireKey((request.query as Record<string, unknown>).key);
    return files.presign(await deps.auth.actorFrom(request), key, originOf(request));
  });

  // Signed URLs let an <audio> element (which sends no Authorization header) play and seek.
  api.get("/files/download", async (request, reply) => {
    const key = requireKey((request.query as Record<string, unknown>).key);
    const { token } = parseInput(tokenQuery, request.query, "query");
    await files.requireDownloadAccess(await deps.auth.actorFrom(request), key, token);
    let unsatisfiable = false;
    const download = await files.openDownload(key, (size) => {
      const range = parseByteRange(request.headers.range, size);
      unsatisfiable = range === "unsatisfiable";
      return range === "unsatisfiable" ? null : range;
    });
    reply.header("accept-ranges", "bytes").header("cache-control", "private, max-age=3600").type(download.contentType);
    if (unsatisfiable) {
      download.stream.destroy();
      throw new AppError(416, "Requested range is not in the file", { "content-range": `bytes */${download.size}` });
    }
    if (!download.range) return reply.header("content-length", download.size).send(download.stream);
    const { start, end } = download.range;
    return reply
      .code(206)
      .header("content-range", `bytes ${start}-${end}/${download.size}`)
      .header("content-length", end - start + 1)
      .send(download.stream);
  });

  // The PUT takes the raw bytes, whatever their type, as a stream: no parser buffers them.
  await api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    raw.put("/files/upload/:key", async (request, reply) => {
      const { body, abandon } = detachBody(request.raw);
      try {
        const key = requireKey((request.params as Record<string, unknown>).key);
        const { token } = parseInput(tokenQuery, request.query, "query");
        const length = request.headers["content-length"] ? Number(request.headers["content-length"]) : null;
        return await files.receiveUpload(key, token, body, Number.isFinite(length) ? length : null);
      } catch (error) {
        endUpload(reply, abandon);
        throw error;
      }
    });
  });
}
