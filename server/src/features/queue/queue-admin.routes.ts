import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okSchema } from "@common/api";
import {
  type QueueType,
  declineInputSchema,
  adminUpdateSchema,
  playedEntrySchema,
  prioritySchema,
  entrySchema,
  removeActiveQuerySchema,
  submissionInputSchema,
  submitResponseSchema,
} from "@common/queue";
import { adminEntrySchema, playNextInputSchema, playNextResultSchema } from "@common/queue-admin";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";
import { refParams } from "./queue-http";

const security = SECURITY.admin;
const adminList = z.array(adminEntrySchema);

/**
 * The back-office queue calls (admin spec 7, "Queues"); the service decides who may do what. Admin
 * lists are read fresh from the database rather than from the public snapshot.
 */
export async function registerQueueAdminRoutes(scope: FastifyInstance, deps: RouteDeps<"queue" | "files">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["queue admin"]);
  const queue = deps.services.queue.admin;

  const lists: [string, QueueType, string][] = [
    ["/queuer/queue/admin", "waiting", "the waiting list"],
    ["/queuer/on-hold/admin", "on_hold", "the on-hold list"],
    ["/active-queuer/queue/admin", "active", "Now Playing"],
  ];
  for (const [path, type, name] of lists) {
    api.get(path, route(`Read ${name}`, { security, response: { 200: adminList } }), async (request, reply) => {
      const { entries, etag } = await queue.versionedList(await actorOf(request), type);
      // The version the admin socket's list changes start from; private data, so never stored.
      void reply.header("etag", etag).header("cache-control", "no-store");
      return entries;
    });
    api.delete(path, route(`Clear ${name}`, { security, response: { 200: okSchema.extend({ removed_count: z.number().int() }) } }), async (request) => ({
      ok: true as const,
      removed_count: await queue.clear(await actorOf(request), type),
    }));
  }

  // The bulk-operations page: everyone not playing, and everyone playing.
  api.get("/queuer", route("Everyone waiting or on hold", { security, response: { 200: adminList } }), async (request) => {
    const actor = await actorOf(request);
    return [...(await queue.list(actor, "waiting")), ...(await queue.list(actor, "on_hold"))];
  });
  api.get("/active-queuer", route("Everyone Now Playing", { security, response: { 200: adminList } }), async (request) => queue.list(await actorOf(request), "active"));

  api.post(
    "/admin-post/",
    route("Add an entry (open or not), as a fresh submitter", { security, body: submissionInputSchema, response: { 201: submitResponseSchema } }),
    async (request, reply) => {
      const actor = await actorOf(request);
      const input = request.body;
      const file = (await deps.services.files.fileForLink(actor, input.link ?? "")) ?? undefined;
      return reply.code(201).send(await queue.add(actor, input, file));
    },
  );

  api.put(
    "/queuer/:id/admin",
    route("Edit an entry; on_hold: true puts a waiting entry on hold (its fields too only with the current version)", {
      security,
      params: refParams,
      body: adminUpdateSchema,
      response: { 200: entrySchema },
    }),
    async (request) => queue.edit(await actorOf(request), request.params.id, request.body),
  );

  const entryChange = (summary: string) => route(summary, { security, params: refParams, response: { 200: entrySchema } });

  api.post("/queuer/release/:id", entryChange("Release an entry from hold to its place"), async (request) => queue.release(await actorOf(request), request.params.id));

  api.get("/move/:id", entryChange("Move an entry to Now Playing"), async (request) => queue.moveToActive(await actorOf(request), request.params.id));

  api.post("/move/back/:id", entryChange("Move an entry from Now Playing back to waiting"), async (request) => queue.moveBack(await actorOf(request), request.params.id));

  api.post(
    "/queuer/:id/decline",
    route("Decline an entry awaiting approval (approval first), with a reason the submitter reads and gets by mail", {
      security,
      params: refParams,
      body: declineInputSchema,
      response: { 200: okSchema },
    }),
    async (request) => {
      await queue.decline(await actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  api.delete("/queuer/:id/admin", route("Remove a waiting or on-hold entry", { security, params: refParams, response: { 200: okSchema } }), async (request) => {
    await queue.remove(await actorOf(request), request.params.id);
    return { ok: true as const };
  });

  api.post(
    "/active-queuer/play-next",
    route("Count the Now Playing songs as played and bring up the next waiting entry ready to play (409 when Now Playing is no longer current_id)", {
      security,
      body: playNextInputSchema,
      response: { 200: playNextResultSchema },
    }),
    async (request) => queue.playNext(await actorOf(request), request.body),
  );

  api.delete(
    "/active-queuer/:id",
    route("Take an entry off Now Playing (is_played=true counts it as played)", { security, params: refParams, querystring: removeActiveQuerySchema, response: { 200: okSchema } }),
    async (request) => {
      await queue.finishActive(await actorOf(request), request.params.id, request.query.is_played);
      return { ok: true as const };
    },
  );

  api.put("/priority/user/:id", route("Set an entry's priority tier", { security, params: refParams, body: prioritySchema, response: { 200: entrySchema } }), async (request) =>
    queue.setPriority(await actorOf(request), request.params.id, request.body),
  );

  api.get("/submission-played/queue/admin", route("The played history", { security, response: { 200: z.array(playedEntrySchema) } }), forActor(queue.playedList));

  api.delete(
    "/submission-played/queue/admin",
    route("Clear the played history", { security, response: { 200: okSchema.extend({ cleared_count: z.number().int() }) } }),
    async (request) => ({ ok: true as const, cleared_count: await queue.clearPlayedList(await actorOf(request)) }),
  );
}
