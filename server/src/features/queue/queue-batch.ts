import { BULK_MESSAGES } from "@common/bulk";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES } from "@common/queue";
import { QUEUE_TYPES } from "@common/entry-status";
import type { EntryChange, EntryChangeEvent } from "../../events/domain-events";
import type { Actor } from "../../lib/access";
import type { QueueParts } from "./queue-service-deps";
import type { QueueFileInfo } from "./queue.presenter";
import type { SubmissionPatch } from "./queue.repository";
import { type SubmissionRow } from "./queue-rules";
import { summarize } from "./queue-events";

/** Tries per entry while other admins keep changing it, as for a single change. */
const MAX_ATTEMPTS = 3;

/** What a batch does to one entry as read: a change and the event that names it, or why it cannot. */
export type BatchStep = { patch: SubmissionPatch; announce: (change: EntryChange) => EntryChangeEvent } | { refuse: string };

export interface BatchPlan {
  /** Names the batch in its domain event (the bulk operation). */
  operation: string;
  reason: string | null;
  /** Decides for one entry as it is now; `file` is its upload's scan state when it has one. */
  step(entry: SubmissionRow, file: QueueFileInfo | undefined): BatchStep;
}

export interface BatchResult {
  changed: { ref: string; before: SubmissionRow; after: SubmissionRow }[];
  /** In the order the refs were given. */
  failures: { ref: string; reason: string }[];
}

interface Target {
  ref: string;
  index: number;
  entry: SubmissionRow;
}

/** PostgreSQL's "deadlock detected": another statement locked the same rows in another order. */
const DEADLOCK = "40P01";
const MAX_DEADLOCK_RETRIES = 3;

/**
 * Runs the batch's transaction again when PostgreSQL picked it as a deadlock's victim (a Clear or the
 * inactivity job updating the same rows in its own order); the rolled-back attempt changed nothing.
 */
async function withDeadlockRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if ((error as { code?: string } | null)?.code !== DEADLOCK || tries >= MAX_DEADLOCK_RETRIES) throw error;
    }
  }
}

const isLive = (entry: SubmissionRow | undefined): entry is SubmissionRow => entry !== undefined && (QUEUE_TYPES as readonly string[]).includes(entry.status);

/** The entry a ref names, by the same precedence as a single call: submitter id, entry id, then linked account. */
function resolve(ref: string, rows: SubmissionRow[]): SubmissionRow | undefined {
  return rows.find((row) => row.user_id === ref) ?? rows.find((row) => row.id === ref) ?? rows.find((row) => row.owner_id === ref);
}

/**
 * Many entries changed together: one transaction in which each entry gets the same conditional UPDATE
 * as a single change (on the status and version read; re-read and decided again when someone changed
 * it meanwhile), then one domain event for the whole batch. Entries are updated in id order so that
 * two batches over the same entries on PostgreSQL wait for each other instead of deadlocking. An
 * entry that cannot take the change is a failure with its reason; a database error undoes them all.
 */
export function createQueueBatch({ deps, repository, presenter, queueEvents, transitions }: Pick<QueueParts, "deps" | "repository" | "presenter" | "queueEvents" | "transitions">) {
  const { describeFiles } = presenter;
  const { now } = transitions;

  return async function transitionBatch(actor: Actor, refs: string[], plan: BatchPlan): Promise<BatchResult> {
    const failures: (BatchResult["failures"][number] & { index: number })[] = [];
    const unique = [...new Set(refs)];
    const rows = await repository.liveByRefs(unique);
    const targets: Target[] = [];
    const taken = new Set<string>();
    unique.forEach((ref, index) => {
      const entry = resolve(ref, rows);
      if (!entry) failures.push({ ref, index, reason: MESSAGES.entryNotFound });
      else if (taken.has(entry.id)) failures.push({ ref, index, reason: BULK_MESSAGES.listedTwice });
      else {
        taken.add(entry.id);
        targets.push({ ref, index, entry });
      }
    });
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const files = await describeFiles(rows.flatMap((row) => (row.file_key ? [row.file_key] : [])));
    targets.sort((a, b) => (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));

    const { changed, counts, announcements, refused } = await withDeadlockRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const changed: BatchResult["changed"] = [];
        const announcements: ((change: EntryChange) => EntryChangeEvent)[] = [];
        const refused: typeof failures = [];
        for (const target of targets) {
          let entry: SubmissionRow | undefined = target.entry;
          for (let attempt = 1; ; attempt += 1) {
            if (!isLive(entry)) {
              refused.push({ ref: target.ref, index: target.index, reason: MESSAGES.entryNotFound });
              break;
            }
            const step = plan.step(entry, entry.file_key ? files.get(entry.file_key) : undefined);
            if ("refuse" in step) {
              refused.push({ ref: target.ref, index: target.index, reason: step.refuse });
              break;
            }
            const after = await repository.updateIf(entry.id, [entry.status], step.patch, { version: entry.version }, trx);
            if (after) {
              changed.push({ ref: target.ref, before: entry, after });
              announcements.push(step.announce);
              break;
            }
            if (attempt >= MAX_ATTEMPTS) {
              refused.push({ ref: target.ref, index: target.index, reason: QUEUE_MESSAGES.changedMeanwhile });
              break;
            }
            entry = await repository.findById(entry.id, trx);
          }
        }
        for (const { before, after } of changed) {
          const moved = before.status !== after.status ? { from: before.status, to: after.status } : {};
          await deps.audit?.record(trx, { actor, action: "bulk.operation", entry: after, reason: plan.reason, details: { operation: plan.operation, ...moved } });
        }
        return { changed, announcements, refused, counts: await repository.countLive(trx) };
      }),
    );
    failures.push(...refused);

    // An admin bringing entries back to Waiting restarts their inactivity timers, as a single release does.
    const backToWaiting = changed.filter(({ before, after }) => after.status === "waiting" && before.status !== "waiting");
    if (backToWaiting.length > 0) await deps.restartInactivityTimers(backToWaiting.map(({ after }) => [after.user_id, now()]));
    const events = changed.map(({ before, after }, i) => announcements[i]!({ entry: summarize(after), from: before.status }));
    await queueEvents.batchChanged({ operation: plan.operation, reason: plan.reason, changes: events, counts });

    failures.sort((a, b) => a.index - b.index);
    return { changed, failures: failures.map(({ ref, reason }) => ({ ref, reason })) };
  };
}

export type QueueBatch = ReturnType<typeof createQueueBatch>;
