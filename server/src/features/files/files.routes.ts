import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { filePresignResponseSchema, presignUploadResponseSchema, presignUploadSchema, uploadReceiptSchema } from "@common/files";
import type { RouteDeps } from "../../feature-deps";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validation";
import type { Config } from "../../config";
import { clientAddressKey } from "../../lib/client-address";
import { SECURITY } from "../../plugins/openapi";
import { siteOrigin } from "../../plugins/site-origin";
import { rateLimit } from "../../plugins/rate-limit";
import { parseByteRange } from "./byte-range";
import { requireKey } from "./files.service";
import { detachBody } from "./request-body";

const tokenQuery = z.object({ token: z.string().max(4096).optional() });

// The handlers check the key themselves (400 'Invalid file key', before anything else).
const keyField = z.string().describe("The file's key: 32 hexadecimal digits");
const keyParams = z.object({ key: keyField });
const keyQuery = z.object({ key: keyField });
const downloadQuery = keyQuery.extend({ token: tokenQuery.shape.token.describe("The signed token of a download URL; without it, an admin token") });
const binary = (description: string, contentType: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ format: "binary" }) } },
});
const tags = ["files"];

/** The app's own address (PUBLIC_URL, or an allowed host this request reached): upload and download URLs point back to it. */
export const originOf = (config: Config, request: FastifyRequest) => siteOrigin(config, request);

/** Where an upload request came from: this app's address, and the client's address its pending uploads count under. */
export const uploadOrigin = (config: Config, request: FastifyRequest) => ({ origin: originOf(config, request), address: clientAddressKey(request.ip) });

/** After a refused upload the client may still be sending: read and drop the rest, then hang up. */
function endUpload(reply: FastifyReply, abandon: () => void): void {
  abandon();
  reply.header("connection", "close");
}

/** Files: presigned uploads and their PUT, scan status, admin downloads (spec 7 and admin 7). */
export async function registerFilesRoutes(scope: FastifyInstance, deps: RouteDeps<"files">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { files } = deps.services;
  api.addHook("onClose", async () => files.close());

  api.post(
    "/files/presign-upload",
    {
      config: rateLimit(deps.config, "submit"),
      schema: {
        tags,
        summary: "A single-use URL to upload an audio file to (refused while submissions are closed or paused)",
        security: [...SECURITY.optionalUser, ...SECURITY.admin],
        body: presignUploadSchema,
        response: { 200: presignUploadResponseSchema },
      },
    },
    async (request) => files.presignUpload(await deps.auth.actorFrom(request), request.body, uploadOrigin(deps.config, request)),
  );

  const presignSchema = {
    tags,
    summary: "Where to fetch a clean file (signed for admins); 400 while it is being scanned",
    // Anyone; an admin's token gets a signed URL an audio element can play.
    security: [{}, ...SECURITY.admin],
    checkedByHandler: { querystring: keyQuery },
    response: { 200: filePresignResponseSchema },
  };
  api.get("/files/presign", { schema: presignSchema }, async (request) => {
    const key = requireKey((request.query as Record<string, unknown>).key);
    return files.presign(await deps.auth.actorFrom(request), key, originOf(deps.config, request));
  });

  // Signed URLs let an <audio> element (which sends no Authorization header) play and seek.
  const downloadSchema = {
    tags,
    summary: "A file's bytes (Range requests answer 206)",
    security: SECURITY.admin,
    checkedByHandler: { querystring: downloadQuery },
    response: { 200: binary("The whole file", "audio/*"), 206: binary("The requested range", "audio/*") },
  };
  // Untyped: the answer is a stream of the file, not a serialized value.
  scope.get("/files/download", { schema: downloadSchema }, async (request, reply) => {
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
    const uploadSchema = {
      tags,
      summary: `Upload a file's bytes to the URL from presign-upload (at most ${MAX_UPLOAD_BYTES} bytes)`,
      // A refused upload is drained and its connection closed by the handler, so the token is its to check too.
      checkedByHandler: { querystring: tokenQuery, body: z.string().meta({ format: "binary" }), consumes: ["application/octet-stream"] },
      params: keyParams,
      response: { 200: uploadReceiptSchema },
    };
    raw.put("/files/upload/:key", { schema: uploadSchema }, async (request, reply) => {
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
