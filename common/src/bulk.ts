import { z } from "zod";
import type { QueueType } from "./entry-status";
import { ENTRY_REF_MAX_LENGTH } from "./queue";
import { textField } from "./text";

/** The bulk-operations screen's texts (admin spec sections 2, 5 and 8), written once. */
export const BULK_MESSAGES = {
  selectOperationAndUsers: "Please select an operation and at least one user",
  failed: "Failed to perform bulk operation:",
  cannotBeUndone: "This action cannot be undone.",
  chooseTarget: "Please choose a target queue: waiting, hold or active",
  unknownTarget: "target_queue must be waiting, hold or active",
  unknownOperation: (known: readonly string[]) => `Unknown bulk operation. Choose one of: ${known.join(", ")}`,
  tooManyUsers: (max: number) => `At most ${max} users at once`,
  listedTwice: "Listed twice in this operation",
  alreadyThere: (list: string) => `Already ${list}`,
} as const;

/** The lists a bulk move can send entries to, in the words of the spec's `target_queue`. */
export const BULK_TARGET_QUEUES = ["waiting", "hold", "active"] as const;
export type BulkTargetQueue = (typeof BULK_TARGET_QUEUES)[number];

/** The live status each `target_queue` word names: the wire's `hold` is the on_hold list. */
export const BULK_TARGET_STATUS: Record<BulkTargetQueue, QueueType> = { waiting: "waiting", hold: "on_hold", active: "active" };

/** Users one operation may name: every entry of a busy show, with room to spare. */
export const BULK_MAX_USERS = 1000;
export const BULK_REASON_MAX_LENGTH = 500;
const OPERATION_MAX_LENGTH = 100;

/** One entry of GET /scheduler/bulk-operations/types. */
export const bulkOperationTypeSchema = z.object({
  operation: z.string(),
  name: z.string(),
  description: z.string(),
  /** True for anything that deletes or clears: the page asks for confirmation and warns it cannot be undone. */
  destructive: z.boolean(),
  /** Whether the operation sends entries to the request's `target_queue` (the others ignore it). */
  uses_target_queue: z.boolean(),
});
export type BulkOperationType = z.infer<typeof bulkOperationTypeSchema>;

export const bulkOperationTypesSchema = z.object({ operations: z.array(bulkOperationTypeSchema) });
export type BulkOperationTypes = z.infer<typeof bulkOperationTypesSchema>;

/**
 * POST /scheduler/bulk-operations. Operation and target are plain strings on the wire so that a missing
 * or unknown one gets the spec's 400 sentence (not a 422): the service checks them.
 */
export const bulkOperationRequestSchema = z.object({
  operation: textField({ max: OPERATION_MAX_LENGTH }).nullish().describe("One of the `operation` values of bulk-operations/types"),
  user_ids: z
    .array(textField({ max: ENTRY_REF_MAX_LENGTH }))
    .max(BULK_MAX_USERS, BULK_MESSAGES.tooManyUsers(BULK_MAX_USERS))
    .nullish()
    .describe("The submitters' `user_id`s as GET queuer / GET active-queuer list them (an entry `id` is accepted too)"),
  target_queue: textField({ max: OPERATION_MAX_LENGTH }).nullish().describe("waiting, hold or active; required by operations that move entries"),
  reason: textField({ max: BULK_REASON_MAX_LENGTH, multiline: true }).nullish().describe("Why, for the record; optional"),
});
export type BulkOperationRequest = z.infer<typeof bulkOperationRequestSchema>;

export const bulkFailureSchema = z.object({ user_id: z.string(), reason: z.string() });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

export const bulkOperationResultSchema = z.object({
  success_count: z.number().int(),
  failed_count: z.number().int(),
  /** One per user the operation could not change, with why. */
  failures: z.array(bulkFailureSchema),
});
export type BulkOperationResult = z.infer<typeof bulkOperationResultSchema>;

/** The spec's rule on the page (name contains delete or clear), or the server's flag. */
export const isDestructive = (type: Pick<BulkOperationType, "name" | "destructive">) => type.destructive || /delete|clear/i.test(type.name);
