import { BULK_MESSAGES, bulkOperationTypeSchema, type BulkOperationRequest, type BulkOperationResult, type BulkOperationTypes, type BulkTargetQueue } from "@common/bulk";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest } from "../../lib/errors";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import type { QueueService } from "../queue/queue.service";
import { BULK_OPERATIONS, findOperation, isTargetQueue } from "./bulk-operations";

export interface BulkServiceDeps {
  queue: QueueService;
  clock: Clock;
}

/** The bulk tool: one operation over many users' entries, in one transaction, announced once. */
export function createBulkService(deps: BulkServiceDeps) {
  return {
    /** What the page offers; any admin may look. */
    types(actor: Actor): BulkOperationTypes {
      requireAdmin(actor);
      return { operations: BULK_OPERATIONS.map((definition) => bulkOperationTypeSchema.parse(definition)) };
    },

    /**
     * Runs one operation over the named users. A user whose entry cannot take it (not in the queue, not
     * on hold for a release, an upload not scanned clean) is a failure with its reason; the others change.
     */
    async run(actor: Actor, input: BulkOperationRequest): Promise<BulkOperationResult> {
      requireActiveAdmin(actor);
      const operation = input.operation?.trim() ?? "";
      const userIds = (input.user_ids ?? []).filter((id) => id !== "");
      if (operation === "" || userIds.length === 0) throw badRequest(BULK_MESSAGES.selectOperationAndUsers);
      const definition = findOperation(operation);
      if (!definition) throw badRequest(BULK_MESSAGES.unknownOperation(BULK_OPERATIONS.map((d) => d.operation)));
      const target = targetOf(input.target_queue);
      if (definition.uses_target_queue && !target) throw badRequest(BULK_MESSAGES.chooseTarget);

      const context = { target, now: toIso(deps.clock.now()) };
      const { changed, failures } = await deps.queue.admin.applyBatch(actor, userIds, {
        operation: definition.operation,
        reason: input.reason?.trim() || null,
        step: (entry, file) => definition.step(entry, file, context),
      });
      return {
        success_count: changed.length,
        failed_count: failures.length,
        failures: failures.map(({ ref, reason }) => ({ user_id: ref, reason })),
      };
    },
  };
}

/** The request's target queue; a blank one is none, an unknown one a 400. */
function targetOf(value: string | null | undefined): BulkTargetQueue | null {
  const target = value?.trim() ?? "";
  if (target === "") return null;
  if (!isTargetQueue(target)) throw badRequest(BULK_MESSAGES.unknownTarget);
  return target;
}

export type BulkService = ReturnType<typeof createBulkService>;
