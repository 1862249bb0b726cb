import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "@common/api";
import { FAST_PASS_HEADER, entryRefSchema, ownerUpdateSchema, queueOverviewSchema, queuePositionSchema, entrySchema, submissionInputSchema } from "@common/queue";
import { MESSAGES } from "@common/messages";
import type { RouteDeps } from "../../feature-deps";
import { notFound } from "../../lib/errors";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";
import { refParams, sendList, submitSchema } from "./queue-http";

const userIdParams = z.object({ userId: entryRefSchema });

/** The public and submitter-side queue calls (spec 7, "Submission and queue"). */
export async function registerQueueRoutes(scope: FastifyInstance, deps: RouteDeps<"queue" | "activity" | "files">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["queue"]);
  /** The lists answer a pre-serialized snapshot (ETag, gzip); the schema documents its bytes. */
  const listRoute = (summary: string) => route(summary, { response: { 200: z.array(entrySchema) } });
  const { queue, activity } = deps.services;

  api.post("/queuer/", route("Submit a song link (a guest gets a guest_secret once)", { ...submitSchema, body: submissionInputSchema }, "submit"), async (request, reply) => {
    const input = request.body;
    const actor = await deps.auth.actorFrom(request);
    const result = await queue.submit({
      input,
      // A link to a file uploaded through files/presign-upload attaches that file (the uploader's own only).
      file: (await deps.services.files.fileForLink(actor, input.link ?? "")) ?? undefined,
      actor,
      fastPassLevel: request.headers[FAST_PASS_HEADER],
      bypassDuplicates: request.query.bypass_duplicates,
    });
    return reply.code(201).send(result);
  });

  api.get("/queuer/queue", listRoute("The waiting list, in order"), async (request, reply) => sendList(request, reply, await queue.list("waiting")));
  api.get("/queuer/on-hold", listRoute("The on-hold list"), async (request, reply) => sendList(request, reply, await queue.list("on_hold")));
  api.get("/active-queuer/queue", listRoute("Now Playing; the first item is the current song"), async (request, reply) => sendList(request, reply, await queue.list("active")));

  api.get("/queuer/:id", route("A submitter's live entry", { params: refParams, response: { 200: entrySchema } }), async (request) => {
    const entry = await queue.getLiveEntry(request.params.id);
    if (!entry) throw notFound(MESSAGES.entryNotFound);
    return entry;
  });

  api.put(
    "/queuer/:id",
    route("Edit one's own entry", { security: SECURITY.owner, params: refParams, body: ownerUpdateSchema, response: { 200: entrySchema } }, "api"),
    async (request) => {
      const { on_hold: _ownerCannotHold, ...input } = request.body;
      const actor = await deps.auth.actorFrom(request);
      const file = (await deps.services.files.fileForLink(actor, input.link ?? "")) ?? undefined;
      return queue.updateOwn(actor, request.params.id, input, file);
    },
  );

  api.delete("/queuer/:id", route("Leave the queue", { security: SECURITY.owner, params: refParams, response: { 200: okSchema } }, "api"), async (request) => {
    await queue.leaveOwn(await deps.auth.actorFrom(request), request.params.id);
    return { ok: true as const };
  });

  // Anyone may read a position; the submitter's own lookup is also a sign of life (and may lift an inactivity hold first).
  api.get(
    "/queue-position/position/:userId",
    route("A submitter's place and estimated wait (the submitter's own lookup is a sign of life)", {
      security: [{}, ...SECURITY.owner],
      params: userIdParams,
      response: { 200: queuePositionSchema },
    }),
    async (request) => {
      const { userId } = request.params;
      await activity.noteLookup(await deps.auth.actorFrom(request), userId);
      return queue.position(userId);
    },
  );

  api.get("/queue-position/overview", route("Queue sizes, status and the current song", { response: { 200: queueOverviewSchema } }), async () => queue.overview());
}
