import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okSchema } from "@common/api";
import {
  executeResultSchema,
  executeSchedulesSchema,
  queueToggleSchema,
  scheduleInputSchema,
  scheduleListSchema,
  scheduleRunListSchema,
  scheduleRunsQuerySchema,
  scheduleSchema,
  scheduleUpdateSchema,
  schedulerStatusSchema,
} from "@common/scheduler";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { featureRoutes } from "../../plugins/route-options";

const security = SECURITY.admin;
const idParams = z.object({ id: z.string().max(64) });

/** The scheduler calls (admin spec 7, "Scheduler"), bulk operations aside; the service decides who may. */
export async function registerSchedulerRoutes(scope: FastifyInstance, deps: RouteDeps<"scheduler">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["scheduler"]);
  const { scheduler } = deps.services;

  api.get("/scheduler/schedules", route("Every schedule", { security, response: { 200: scheduleListSchema } }), forActor(scheduler.list));

  api.post("/scheduler/schedules", route("Create a schedule", { security, body: scheduleInputSchema, response: { 201: scheduleSchema } }), async (request, reply) =>
    reply.code(201).send(await scheduler.create(await actorOf(request), request.body)),
  );

  api.put(
    "/scheduler/schedules/:id",
    route("Change a schedule (is_active false pauses it, true resumes it from now)", { security, params: idParams, body: scheduleUpdateSchema, response: { 200: scheduleSchema } }),
    async (request) => scheduler.update(await actorOf(request), request.params.id, request.body),
  );

  api.delete("/scheduler/schedules/:id", route("Delete a schedule and its runs", { security, params: idParams, response: { 200: okSchema } }), async (request) => {
    await scheduler.remove(await actorOf(request), request.params.id);
    return { ok: true as const };
  });

  api.post(
    "/scheduler/schedules/execute",
    route("Run the schedules that are due now, or with schedule_id that schedule at once", { security, body: executeSchedulesSchema, response: { 200: executeResultSchema } }),
    async (request) => ({ executed_count: await scheduler.execute(await actorOf(request), request.body.schedule_id) }),
  );

  api.get(
    "/scheduler/runs",
    route("Recent runs with their results, newest first", { security, querystring: scheduleRunsQuerySchema, response: { 200: scheduleRunListSchema } }),
    async (request) => ({ runs: await scheduler.runs(await actorOf(request), request.query) }),
  );

  api.get("/scheduler/status", route("Queue status and the next scheduled action", { security, response: { 200: schedulerStatusSchema } }), forActor(scheduler.status));

  api.post("/scheduler/queue/toggle", route("Open or close the queue now", { security, body: queueToggleSchema, response: { 200: schedulerStatusSchema } }), async (request) =>
    scheduler.toggleQueue(await actorOf(request), request.body.action),
  );
}
