import type { FastifyInstance, FastifyRequest } from "fastify";
import { type QueueType, adminUpdateSchema, prioritySchema, removeActiveQuerySchema, submissionInputSchema } from "@common/queue";
import type { FeatureDeps } from "../../app";
import { parseInput } from "../../lib/validation";
import { refFrom } from "./queue-http";

/**
 * The back-office queue calls (admin spec 7, "Queues"). Reads need an admin token; every change needs
 * an active admin. Admin lists are read fresh from the database rather than from the public snapshot.
 */
export async function registerQueueAdminRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const queue = deps.services.queue.admin;
  const readable = (request: FastifyRequest) => deps.auth.requireAdmin(request);
  const changeable = (request: FastifyRequest) => deps.auth.requireActiveAdmin(request);

  const lists: [string, QueueType][] = [
    ["/queuer/queue/admin", "waiting"],
    ["/queuer/on-hold/admin", "on_hold"],
    ["/active-queuer/queue/admin", "active"],
  ];
  for (const [path, type] of lists) {
    api.get(path, async (request) => {
      await readable(request);
      return queue.list(type);
    });
    api.delete(path, async (request) => {
      await changeable(request);
      return { ok: true, removed_count: await queue.clear(type) };
    });
  }

  // The bulk-operations page: everyone not playing, and everyone playing.
  api.get("/queuer", async (request) => {
    await readable(request);
    return [...(await queue.list("waiting")), ...(await queue.list("on_hold"))];
  });
  api.get("/active-queuer", async (request) => {
    await readable(request);
    return queue.list("active");
  });

  api.post("/admin-post/", async (request, reply) => {
    await changeable(request);
    const input = parseInput(submissionInputSchema, request.body, "body");
    const file = (await deps.services.files.fileForLink(input.link ?? "")) ?? undefined;
    return reply.code(201).send(await queue.add(input, file));
  });

  api.put("/queuer/:id/admin", async (request) => {
    await changeable(request);
    const ref = refFrom(request);
    return queue.edit(ref, parseInput(adminUpdateSchema, request.body, "body"));
  });

  api.post("/queuer/release/:id", async (request) => {
    await changeable(request);
    return queue.release(refFrom(request));
  });

  api.get("/move/:id", async (request) => {
    await changeable(request);
    return queue.moveToActive(refFrom(request));
  });

  api.post("/move/back/:id", async (request) => {
    await changeable(request);
    return queue.moveBack(refFrom(request));
  });

  api.delete("/queuer/:id/admin", async (request) => {
    await changeable(request);
    await queue.remove(refFrom(request));
    return { ok: true };
  });

  api.delete("/active-queuer/:id", async (request) => {
    await changeable(request);
    const ref = refFrom(request);
    const { is_played } = parseInput(removeActiveQuerySchema, request.query, "query");
    await queue.finishActive(ref, is_played);
    return { ok: true };
  });

  api.put("/priority/user/:id", async (request) => {
    await changeable(request);
    const ref = refFrom(request);
    return queue.setPriority(ref, parseInput(prioritySchema, request.body, "body"));
  });

  api.get("/submission-played/queue/admin", async (request) => {
    await readable(request);
    return queue.playedList();
  });

  api.delete("/submission-played/queue/admin", async (request) => {
    await changeable(request);
    return { ok: true, cleared_count: await queue.clearPlayedList() };
  });
}
