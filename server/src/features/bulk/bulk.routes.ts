import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bulkOperationRequestSchema, bulkOperationResultSchema, bulkOperationTypesSchema } from "@common/bulk";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

const security = SECURITY.admin;

const RUN_DESCRIPTION = [
  "Runs one operation over many users at once, in one transaction, with one live update per list it touched.",
  "`user_ids` are the submitters' `user_id`s as GET queuer and GET active-queuer list them (each names that user's live entry;",
  "an entry's `id` is accepted too, and a name given twice counts once).",
  "A user whose entry cannot take the operation (not in the queue, not on hold for a release, an upload not scanned clean,",
  "already where it would go) is counted in `failed_count` and listed in `failures` with the reason; the others change.",
  "`reason` goes with the change's domain event, for the record. A missing operation or no user is a 400 'Please select an operation and at least one user';",
  "an inactive admin gets 403.",
].join(" ");

/** GET /scheduler/bulk-operations/types and POST /scheduler/bulk-operations (admin spec 7, Scheduler). */
export async function registerBulkRoutes(scope: FastifyInstance, deps: RouteDeps<"bulk">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["bulk operations"]);
  const { bulk } = deps.services;

  api.get("/scheduler/bulk-operations/types", route("The bulk operations on offer", { security, response: { 200: bulkOperationTypesSchema } }), async (request) =>
    bulk.types(await deps.auth.actorFrom(request)),
  );

  api.post(
    "/scheduler/bulk-operations",
    route("Run a bulk operation on selected users", { description: RUN_DESCRIPTION, security, body: bulkOperationRequestSchema, response: { 200: bulkOperationResultSchema } }),
    async (request) => bulk.run(await deps.auth.actorFrom(request), request.body),
  );
}
