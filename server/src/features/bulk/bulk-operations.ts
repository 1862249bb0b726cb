import { BULK_MESSAGES, BULK_TARGET_QUEUES, BULK_TARGET_STATUS, type BulkOperationType, type BulkTargetQueue } from "@common/bulk";
import { PRIORITY_LABELS, type PriorityLevel } from "@common/limits";
import { QUEUE_MESSAGES, type QueueType } from "@common/queue";
import type { BatchStep } from "../queue/queue-batch";
import type { QueueFileInfo } from "../queue/queue.presenter";
import type { SubmissionRow } from "../queue/queue-rules";

/** What an operation needs to decide for one entry. */
export interface StepContext {
  /** Where a moving operation sends entries. */
  target: BulkTargetQueue | null;
  /** The time the change is recorded at, ISO. */
  now: string;
}

export interface BulkOperationDefinition extends BulkOperationType {
  step(entry: SubmissionRow, file: QueueFileInfo | undefined, context: StepContext): BatchStep;
}

const WHERE: Record<QueueType, string> = { waiting: "in Waiting", on_hold: "on hold", active: "Now Playing" };

const refuse = (reason: string): BatchStep => ({ refuse: reason });

function hold(entry: SubmissionRow): BatchStep {
  if (entry.status !== "waiting") return refuse(QUEUE_MESSAGES.onlyWaitingCanBeHeld);
  return {
    patch: { status: "on_hold", hold_reason: "admin" },
    announce: (change) => ({ name: "submission.held", payload: { ...change, reason: "admin" } }),
  };
}

function release(entry: SubmissionRow, now: string): BatchStep {
  if (entry.status !== "on_hold") return refuse(QUEUE_MESSAGES.notOnHold);
  return {
    patch: { status: "waiting", hold_reason: null },
    announce: (change) => ({ name: "submission.released", payload: { ...change, reason: entry.hold_reason ?? "admin", released_at: now } }),
  };
}

function moveToActive(entry: SubmissionRow, file: QueueFileInfo | undefined, now: string): BatchStep {
  if (entry.file_key && file?.status !== "clean") return refuse(QUEUE_MESSAGES.fileNotClean);
  return {
    patch: { status: "active", activated_at: now, hold_reason: null },
    announce: (change) => ({ name: "submission.moved", payload: change }),
  };
}

/** Back to Waiting: a held entry is released to its place, a playing one moved back. */
function moveToWaiting(entry: SubmissionRow, now: string): BatchStep {
  if (entry.status === "on_hold") return release(entry, now);
  return {
    patch: { status: "waiting", activated_at: null },
    announce: (change) => ({ name: "submission.moved", payload: change }),
  };
}

const move: BulkOperationDefinition = {
  operation: "move",
  name: "Move to queue",
  description: "Move the selected users to the target queue: Waiting, On Hold or Now Playing (uploads must be scanned clean first).",
  destructive: false,
  uses_target_queue: true,
  step(entry, file, { target, now }) {
    const to = BULK_TARGET_STATUS[target ?? "waiting"];
    if (entry.status === to) return refuse(BULK_MESSAGES.alreadyThere(WHERE[to]));
    if (to === "on_hold") return hold(entry);
    if (to === "active") return moveToActive(entry, file, now);
    return moveToWaiting(entry, now);
  },
};

const releaseOperation: BulkOperationDefinition = {
  operation: "release",
  name: "Release from hold",
  description: "Put held users back in their place in Waiting and tell them so. Users not on hold are listed as failures.",
  destructive: false,
  uses_target_queue: false,
  step: (entry, _file, { now }) => release(entry, now),
};

const remove: BulkOperationDefinition = {
  operation: "remove",
  name: "Delete from queue",
  description: "Take the selected users' entries out of the queue, Now Playing included, without counting them as played.",
  destructive: true,
  uses_target_queue: false,
  step: (_entry, _file, { now }) => ({
    patch: { status: "removed", removed_at: now, hold_reason: null },
    announce: (change) => ({ name: "submission.removed", payload: { ...change, by: "admin" } }),
  }),
};

const PRIORITY_OPERATION_IDS: Record<PriorityLevel, string> = {
  0: "set_priority_regular",
  1: "set_priority_premium",
  2: "set_priority_vip",
  3: "set_priority_super_vip",
};

function setPriority(level: PriorityLevel): BulkOperationDefinition {
  return {
    operation: PRIORITY_OPERATION_IDS[level],
    name: `Set priority: ${PRIORITY_LABELS[level]}`,
    description:
      level === 0
        ? "Put the selected users back to the Regular tier, in submission order."
        : `Give the selected users the ${PRIORITY_LABELS[level]} tier: they move ahead of lower tiers in Waiting and On Hold.`,
    destructive: false,
    uses_target_queue: false,
    step: (entry) => {
      if (entry.priority_level === level) return refuse(BULK_MESSAGES.alreadyThere(PRIORITY_LABELS[level]));
      return { patch: { priority_level: level }, announce: (change) => ({ name: "submission.prioritized", payload: change }) };
    },
  };
}

/** Every bulk operation, in the order the page offers them. */
export const BULK_OPERATIONS: readonly BulkOperationDefinition[] = [
  move,
  releaseOperation,
  // The paid tiers first: lifting users is what a host does most; Regular undoes it.
  ...([1, 2, 3, 0] as const).map(setPriority),
  remove,
];

export const findOperation = (operation: string) => BULK_OPERATIONS.find((definition) => definition.operation === operation);

export const isTargetQueue = (value: string): value is BulkTargetQueue => (BULK_TARGET_QUEUES as readonly string[]).includes(value);
