import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { FAST_PASS_HEADER, entrySchema, submissionInputSchema } from "@common/queue";
import type { RouteDeps } from "../../feature-deps";
import { AppError, badRequest } from "../../lib/errors";
import { parseInput } from "../../lib/validation";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";
import { refParams, submitSchema } from "../queue/queue-http";
import type { AttachableFile, FilesService } from "./files.service";
import { detachBody } from "./request-body";
import type { Actor } from "../../lib/access";
import { clientAddressKey } from "../../lib/client-address";

const TEXT_FIELDS = ["artist_name", "track_title", "youtube_username", "username", "message", "link"] as const;

/** The multipart form as documented: the text fields and the audio file (the handler reads and checks it). */
const uploadForm = {
  body: submissionInputSchema.extend({ file: z.string().meta({ format: "binary", description: `The audio file, at most ${MAX_UPLOAD_BYTES} bytes` }) }),
  consumes: ["multipart/form-data"],
};

interface UploadForm {
  fields: Record<string, string>;
  file: AttachableFile | null;
}

/** A multipart body can only be read with a boundary to split it on; busboy takes an empty one silently. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;

/**
 * What a failure while reading the parts means for the client: limits keep their 413, anything else
 * the parser or the socket raises (a body cut off, no closing boundary, not multipart at all) is a 400.
 */
function partsError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if ((error as { statusCode?: number }).statusCode === 413) return error;
  return badRequest(MESSAGES.malformedUpload);
}

/**
 * Reads a multipart submission: the text fields, and the `file` part streamed straight to storage
 * (a file input left empty arrives as a part without a name and counts as no file).
 */
async function readUploadForm(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FilesService,
  actor: Actor,
  beforeFile: () => Promise<void> = async () => undefined,
): Promise<UploadForm> {
  if (!request.isMultipart()) throw badRequest(MESSAGES.chooseAudioFile);
  if (!MULTIPART_BOUNDARY.test(request.headers["content-type"] ?? "")) throw badRequest(MESSAGES.malformedUpload);
  const form: UploadForm = { fields: {}, file: null };
  // Storage's own failures (a full disk, the database) keep their status; a cut-off body reaches it as a 400.
  let storeFailure: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === "string") form.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || !part.filename || form.file) {
        part.file.resume();
        continue;
      }
      const { body, abandon } = detachBody(part.file);
      try {
        await beforeFile();
        const requestLength = Number(request.headers["content-length"]);
        const from = { address: clientAddressKey(request.ip), requestLength: Number.isSafeInteger(requestLength) && requestLength > 0 ? requestLength : null };
        form.file = await files.storeUpload(actor, { filename: part.filename, contentType: part.mimetype, stream: body }, from);
      } catch (error) {
        abandon();
        reply.header("connection", "close");
        storeFailure = error;
        throw error;
      }
    }
  } catch (error) {
    if (form.file) await files.discard(form.file.key);
    throw error === storeFailure ? error : partsError(error);
  }
  return form;
}

/**
 * Runs `use` with the uploaded file; when the queue refuses the entry (closed, already in the queue,
 * bad fields), the file no entry points to is dropped at once.
 */
async function withUploadedFile<T>(form: UploadForm, files: FilesService, use: (file: AttachableFile) => Promise<T>): Promise<T> {
  const { file } = form;
  if (!file) throw badRequest(MESSAGES.chooseAudioFile);
  try {
    return await use(file);
  } catch (error) {
    await files.discard(file.key);
    throw error;
  }
}

/** Submissions and owner edits that carry the audio file itself (multipart), spec 7. */
export async function registerUploadSubmissionRoutes(api: FastifyInstance, deps: RouteDeps<"files" | "queue">): Promise<void> {
  const { files, queue } = deps.services;
  const route = routeOptions(deps.config, ["queue"]);

  await api.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // One file, checked against 100 MB by storage; busboy stops a byte later so storage sees it is over.
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 30 },
    });

    scope.post(
      "/queuer/upload-submission",
      route("Submit a song as an uploaded audio file (multipart)", { ...submitSchema, checkedByHandler: uploadForm }, "submit"),
      async (request, reply) => {
        const { query, headers } = request;
        const actor = await deps.auth.actorFrom(request);
        // A closed queue refuses the entry before any byte of the file is stored.
        const form = await readUploadForm(request, reply, files, actor, () => files.requireAcceptingUploads(actor));
        const result = await withUploadedFile(form, files, (file) =>
          queue.submit({
            input: parseInput(submissionInputSchema, form.fields, "body"),
            actor,
            file,
            fastPassLevel: headers[FAST_PASS_HEADER],
            bypassDuplicates: query.bypass_duplicates,
          }),
        );
        return reply.code(201).send(result);
      },
    );

    scope.post(
      "/queuer/upload-update/:id",
      route(
        "Edit one's own entry with a new audio file (multipart)",
        { security: SECURITY.owner, params: refParams, checkedByHandler: uploadForm, response: { 200: entrySchema } },
        "api",
      ),
      async (request, reply) => {
        const ref = request.params.id;
        const actor = await deps.auth.actorFrom(request);
        const form = await readUploadForm(request, reply, files, actor);
        return withUploadedFile(form, files, (file) => queue.updateOwn(actor, ref, parseInput(submissionInputSchema, form.fields, "body"), file));
      },
    );
  });
}
