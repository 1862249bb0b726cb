import type { FastifyInstance, FastifyRequest } from "fastify";
import { type QueueType, adminUpdateSchema, prioritySchema, removeActiveQuerySchema, submissionInputSchema } from "@common/queue";
import type { FeatureDeps } from "../../feature-deps";
import { parseInput } from "../../lib/validation";
import { refFrom } from "./queue-http";

/**
 * The back-office queue calls (admin spec 7, "Queues"); the service decides who may do what. Admin
 * lists are read fresh from the database rather than from the public snapshot.
 */
export async function registerQueueAdminRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const queue = deps.services.queue.admin;
  const actorOf = (request: FastifyRequest) => deps.auth.actorFrom(request);

  const lists: [string, QueueType][] = [
    ["/queuer/queue/admin", "waiting"],
    ["/queuer/on-hold/admin", "on_hold"],
    ["/active-queuer/queue/admin", "active"],
  ];
  for (const [path, type] of lists) {
    api.get(path, async (request) => queue.list(await actorOf(request), type));
    api.delete(path, async (request) => ({ ok: true, removed_count: await queue.clear(await actorOf(request), type) }));
  }

  // The bulk-operations page: everyone not playing, and everyone playing.
  api.get("/queuer", async (request) => {
    const actor = await actorOf(request);
    return [...(await queue.list(actor, "waiting")), ...(await queue.list(actor, "on_hold"))];
  });
  api.get("/active-queuer", async (request) => queue.list(await actorOf(request), "active"));

  api.post("/admin-post/", async (request, reply) => {
    const actor = await actorOf(request);
    const input = parseInput(submissionInputSchema, request.body, "body");
    const file = (await deps.services.files.fileForLink(input.link ?? "")) ?? undefined;
    return reply.code(201).send(await queue.add(actor, input, file));
  });

  // A body that names no field is the Hold command; otherwise an edit that may also hold.
  api.put("/queuer/:id/admin", async (request) => {
    const actor = await actorOf(request);
    const ref = refFrom(request);
    const { on_hold, version, ...fields } = parseInput(adminUpdateSchema, request.body, "body");
    const namesAField = Object.values(fields).some((value) => value !== undefined);
    if (on_hold && !namesAField && version === undefined) return queue.hold(actor, ref);
    return queue.edit(actor, ref, { ...fields, on_hold, version });
  });

  api.post("/queuer/release/:id", async (request) => queue.release(await actorOf(request), refFrom(request)));

  api.get("/move/:id", async (request) => queue.moveToActive(await actorOf(request), refFrom(request)));

  api.post("/move/back/:id", async (request) => queue.moveBack(await actorOf(request), refFrom(request)));

  api.delete("/queuer/:id/admin", async (request) => {
    await queue.remove(await actorOf(request), refFrom(request));
    return { ok: true };
  });

  api.delete("/active-queuer/:id", async (request) => {
    const actor = await actorOf(request);
    const ref = refFrom(request);
    const { is_played } = parseInput(removeActiveQuerySchema, request.query, "query");
    await queue.finishActive(actor, ref, is_played);
    return { ok: true };
  });

  api.put("/priority/user/:id", async (request) => {
    const actor = await actorOf(request);
    const ref = refFrom(request);
    return queue.setPriority(actor, ref, parseInput(prioritySchema, request.body, "body"));
  });

  api.get("/submission-played/queue/admin", async (request) => queue.playedList(await actorOf(request)));

  api.delete("/submission-played/queue/admin", async (request) => ({ ok: true, cleared_count: await queue.clearPlayedList(await actorOf(request)) }));
}
