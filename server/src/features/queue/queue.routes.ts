import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { FAST_PASS_HEADER, entryRefSchema, fastPassLevelSchema, ownerUpdateSchema, submissionInputSchema, submitQuerySchema } from "@common/queue";
import { MESSAGES } from "@common/messages";
import type { FeatureDeps } from "../../feature-deps";
import { notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validation";
import { rateLimit } from "../../plugins/rate-limit";
import { refFrom, sendList } from "./queue-http";

const fastPassHeaders = z.object({ [FAST_PASS_HEADER]: fastPassLevelSchema.optional() });
const userIdParams = z.object({ userId: entryRefSchema });

/** The public and submitter-side queue calls (spec 7, "Submission and queue"). */
export async function registerQueueRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { queue, activity } = deps.services;

  api.post("/queuer/", { config: rateLimit(deps.config, "submit") }, async (request, reply) => {
    const query = parseInput(submitQuerySchema, request.query, "query");
    const headers = parseInput(fastPassHeaders, request.headers, "header");
    const input = parseInput(submissionInputSchema, request.body, "body");
    const result = await queue.submit({
      input,
      // A link to a file uploaded through files/presign-upload attaches that file.
      file: (await deps.services.files.fileForLink(input.link ?? "")) ?? undefined,
      actor: await deps.auth.actorFrom(request),
      fastPassLevel: headers[FAST_PASS_HEADER],
      bypassDuplicates: query.bypass_duplicates,
    });
    return reply.code(201).send(result);
  });

  api.get("/queuer/queue", async (request, reply) => sendList(request, reply, await queue.list("waiting")));
  api.get("/queuer/on-hold", async (request, reply) => sendList(request, reply, await queue.list("on_hold")));
  api.get("/active-queuer/queue", async (request, reply) => sendList(request, reply, await queue.list("active")));

  api.get("/queuer/:id", async (request) => {
    const entry = await queue.getLiveEntry(refFrom(request));
    if (!entry) throw notFound(MESSAGES.entryNotFound);
    return entry;
  });

  api.put("/queuer/:id", { config: rateLimit(deps.config, "api") }, async (request) => {
    const { on_hold: _ownerCannotHold, ...input } = parseInput(ownerUpdateSchema, request.body, "body");
    const file = (await deps.services.files.fileForLink(input.link ?? "")) ?? undefined;
    return queue.updateOwn(await deps.auth.actorFrom(request), refFrom(request), input, file);
  });

  api.delete("/queuer/:id", { config: rateLimit(deps.config, "api") }, async (request) => {
    await queue.leaveOwn(await deps.auth.actorFrom(request), refFrom(request));
    return { ok: true };
  });

  // Anyone may read a position; the submitter's own lookup is also a sign of life (and may lift an inactivity hold first).
  api.get("/queue-position/position/:userId", async (request) => {
    const { userId } = parseInput(userIdParams, request.params, "path");
    await activity.noteLookup(await deps.auth.actorFrom(request), userId);
    return queue.position(userId);
  });

  api.get("/queue-position/overview", async () => queue.overview());
}
