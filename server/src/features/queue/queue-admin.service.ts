import { QUEUE_TYPES } from "@common/entry-status";
import type { AuditAction } from "@common/audit";
import { MESSAGES } from "@common/messages";
import type { AdminEntry } from "@common/queue-admin";
import {
  QUEUE_MESSAGES,
  type DeclineInput,
  type PlayedEntry,
  type PriorityInput,
  type AdminEditInput,
  type QueueType,
  type Entry,
  type SubmissionInput,
  type SubmitResponse,
} from "@common/queue";
import type { Db } from "../../db/kysely";
import { conflict } from "../../lib/errors";
import { type Actor, requireActiveAdmin, requireAdmin, requireAdminOrSystem } from "../../lib/access";
import { newGuestUserId } from "../../lib/ids";
import type { SubmissionFile } from "./entry-transitions";
import type { QueueParts } from "./queue-service-deps";
import { presentPlayed } from "./queue.presenter";
import type { SubmissionPatch } from "./queue.repository";
import { type SubmissionRow } from "./queue-rules";
import { summarize } from "./queue-events";
import { type BatchPlan, type BatchResult, createQueueBatch } from "./queue-batch";
import { createPlayNext } from "./queue-play-next";
import type { AdminLists, VersionedAdminList } from "./queue-admin-lists";

/**
 * The back-office operations: any admin reads, an active admin (or the server's own jobs) changes.
 * Each change is one conditional UPDATE, so two admins acting on one entry leave it in exactly one list.
 */
export function createQueueAdminService(parts: QueueParts) {
  const { deps, repository, presenter, snapshots, adminLists, queueEvents, transitions } = parts;
  const { transition, fieldsFor, patchFields, now } = transitions;
  const { presentOne, presentAll, describeFiles } = presenter;
  const audit = deps.audit;

  /** Writes the audit record of an entry's change in its transaction, with where the entry went. */
  const audited =
    (actor: Actor, action: AuditAction, extra: { reason?: string | null; details?: Record<string, unknown> } = {}) =>
    async (trx: Db, after: SubmissionRow, before: SubmissionRow) => {
      const moved = before.status !== after.status ? { from: before.status, to: after.status } : {};
      await audit?.record(trx, { actor, action, entry: after, reason: extra.reason, details: { ...moved, ...extra.details } });
    };

  /** An admin's release or move back restarts the inactivity timer, so the job does not hold it again at once. */
  const restartInactivityTimer = (entry: SubmissionRow) => deps.restartInactivityTimers([[entry.user_id, now()]]);
  const transitionBatch = createQueueBatch(parts);

  /** A list of the live snapshot's current version, in queue order, with each submitter's standing. */
  async function list(actor: Actor, type: QueueType): Promise<AdminEntry[]> {
    return (await versionedList(actor, type)).entries;
  }

  /** A list with its version (a content ETag), for the admin GETs; the admin sockets announce the same versions. */
  async function versionedList(actor: Actor, type: QueueType): Promise<VersionedAdminList> {
    requireAdminOrSystem(actor);
    return (await adminLists.of(await snapshots.current()))[type];
  }

  /** Waiting to On Hold, held by the admin (released only by an admin); the entry's fields are untouched. */
  async function hold(actor: Actor, ref: string): Promise<Entry> {
    requireActiveAdmin(actor);
    const { before, after } = await transition(ref, ["waiting", "on_hold"], { status: "on_hold", hold_reason: "admin" }, () => conflict(QUEUE_MESSAGES.onlyWaitingCanBeHeld), {
      inTransaction: audited(actor, "entry.held"),
    });
    await queueEvents.entryChanged("submission.held", after, before.status, { reason: "admin" });
    return presentOne(after);
  }

  return {
    list,
    versionedList,

    /** The three lists of one version, for the admin sockets' first announcement. */
    async currentLists(actor: Actor): Promise<AdminLists> {
      requireAdminOrSystem(actor);
      return adminLists.of(await snapshots.current());
    },

    /** An admin's add: no open/paused gate, and a fresh submitter identity of its own. */
    async add(actor: Actor, input: SubmissionInput, file?: SubmissionFile): Promise<SubmitResponse> {
      requireActiveAdmin(actor);
      const row = await transitions.insertEntry({
        userId: newGuestUserId(),
        ownerId: null,
        fields: fieldsFor(input, undefined, file),
        priority: 0,
        byAdmin: true,
        inTransaction: (trx, added) => audit?.record(trx, { actor, action: "entry.added", entry: added, details: { to: "waiting" } }) ?? Promise.resolve(),
      });
      return { queuer: await presentOne(row), user: { user_id: row.user_id, username: row.username, is_guest: true } };
    },

    /**
     * The admin's edit: fields present change, absent ones stay as they are; `on_hold: true` also puts
     * the entry on hold. With `version`, an entry changed since that copy was read is refused (409).
     * A Hold without `version` is the spec's Hold (the admin's cached copy plus `on_hold: true`): that
     * copy may predate the owner's last save, so the fields it carries are not written back.
     */
    async edit(actor: Actor, ref: string, input: AdminEditInput): Promise<Entry> {
      requireActiveAdmin(actor);
      const { on_hold, version, ...fields } = input;
      if (on_hold && version === undefined) return hold(actor, ref);
      const check = (entry: SubmissionRow) => {
        if (version !== undefined && entry.version !== version) throw conflict(QUEUE_MESSAGES.changedMeanwhile);
      };
      if (on_hold) {
        const { before, after } = await transition(
          ref,
          ["waiting", "on_hold"],
          (entry) => ({ ...patchFields(fields, entry), status: "on_hold", hold_reason: "admin" }),
          () => conflict(QUEUE_MESSAGES.onlyWaitingCanBeHeld),
          { check, inTransaction: audited(actor, "entry.held", { details: { edited: true } }) },
        );
        await queueEvents.entryChanged("submission.held", after, before.status, { reason: "admin" });
        return presentOne(after);
      }
      const { before, after } = await transition(
        ref,
        QUEUE_TYPES,
        (entry) => patchFields(fields, entry),
        () => conflict(MESSAGES.entryNotFound),
        {
          check,
          inTransaction: audited(actor, "entry.edited", { details: { fields: Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== undefined) } }),
        },
      );
      await queueEvents.entryChanged("submission.edited", after, before.status, {});
      return presentOne(after);
    },

    hold,

    /** Back from On Hold to its original place in Waiting, whoever held it. */
    async release(actor: Actor, ref: string): Promise<Entry> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, ["on_hold"], { status: "waiting", hold_reason: null }, () => conflict(QUEUE_MESSAGES.notOnHold), {
        inTransaction: audited(actor, "entry.released"),
      });
      await restartInactivityTimer(after);
      await queueEvents.entryChanged("submission.released", after, before.status, { reason: before.hold_reason ?? "admin", released_at: now() });
      return presentOne(after);
    },

    /** Waiting or On Hold to Now Playing; an upload must have been scanned clean first. */
    async moveToActive(actor: Actor, ref: string): Promise<Entry> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(
        ref,
        ["waiting", "on_hold"],
        { status: "active", activated_at: now(), hold_reason: null },
        () => conflict(QUEUE_MESSAGES.alreadyPlaying),
        {
          check: async (entry) => {
            if (!entry.file_key) return;
            const file = (await describeFiles([entry.file_key])).get(entry.file_key);
            if (file?.status !== "clean") throw conflict(QUEUE_MESSAGES.fileNotClean);
          },
          inTransaction: audited(actor, "entry.moved_to_now_playing"),
        },
      );
      await queueEvents.entryChanged("submission.moved", after, before.status, {});
      return presentOne(after);
    },

    /**
     * Declines a submission awaiting approval: it leaves the queue with the host's reason, which the
     * submitter reads in their history, hears on the live channel and gets by mail once (outbox).
     */
    async decline(actor: Actor, ref: string, input: DeclineInput): Promise<void> {
      requireActiveAdmin(actor);
      const notAwaiting = () => conflict(QUEUE_MESSAGES.notAwaitingApproval);
      const { before, after } = await transition(ref, ["on_hold"], { status: "removed", removed_at: now(), hold_reason: null, decline_reason: input.reason }, notAwaiting, {
        check: (entry) => {
          if (entry.status === "on_hold" && entry.hold_reason !== "approval") throw notAwaiting();
        },
        inTransaction: async (trx, declined, held) => {
          await deps.outbox?.enqueue(trx, "submission.declined", { entry: summarize(declined), reason: input.reason }, `declined:${declined.id}`);
          await audited(actor, "entry.removed", { reason: input.reason, details: { declined: true } })(trx, declined, held);
        },
      });
      await queueEvents.entryChanged("submission.removed", after, before.status, { by: "declined", removed_at: after.removed_at ?? now(), reason: input.reason });
    },

    /** Now Playing back to Waiting, at the place its submission time gives it. */
    async moveBack(actor: Actor, ref: string): Promise<Entry> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, ["active"], { status: "waiting", activated_at: null }, () => conflict(QUEUE_MESSAGES.notPlaying), {
        inTransaction: audited(actor, "entry.moved_back"),
      });
      await restartInactivityTimer(after);
      await queueEvents.entryChanged("submission.moved", after, before.status, {});
      return presentOne(after);
    },

    async remove(actor: Actor, ref: string): Promise<void> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, QUEUE_TYPES, { status: "removed", removed_at: now(), hold_reason: null }, () => conflict(MESSAGES.entryNotFound), {
        inTransaction: audited(actor, "entry.removed"),
      });
      await queueEvents.entryChanged("submission.removed", after, before.status, { by: "admin" });
    },

    /**
     * Takes the entry out of Now Playing: played (history, stats, the submitter is told, and the play is
     * written to the outbox with the change for the consumers that count it once) or just removed.
     */
    async finishActive(actor: Actor, ref: string, isPlayed: boolean): Promise<void> {
      requireActiveAdmin(actor);
      const timestamp = now();
      if (!isPlayed) {
        const { before, after } = await transition(ref, ["active"], { status: "removed", removed_at: timestamp }, () => conflict(QUEUE_MESSAGES.notPlaying), {
          inTransaction: audited(actor, "entry.removed", { details: { played: false } }),
        });
        await queueEvents.entryChanged("submission.removed", after, before.status, { by: "admin" });
        return;
      }
      const { before, after } = await transition(ref, ["active"], { status: "played", played_at: timestamp }, () => conflict(QUEUE_MESSAGES.notPlaying), {
        inTransaction: async (trx, played, before) => {
          await transitions.recordPlay(trx, played, timestamp);
          await audited(actor, "entry.played")(trx, played, before);
        },
      });
      await queueEvents.entryChanged("submission.played", after, before.status, { played_at: timestamp });
    },

    playNext: createPlayNext(parts),

    /** Sets the tier (and the payment details given) of a live entry. */
    async setPriority(actor: Actor, ref: string, input: PriorityInput): Promise<Entry> {
      requireActiveAdmin(actor);
      const patch: SubmissionPatch = { priority_level: input.priority_level };
      if (input.premium_expires !== undefined) patch.premium_expires = input.premium_expires ? new Date(input.premium_expires).toISOString() : null;
      if (input.payment_source !== undefined) patch.payment_source = input.payment_source;
      if (input.payment_reference !== undefined) patch.payment_reference = input.payment_reference;
      const { before, after } = await transition(ref, QUEUE_TYPES, patch, () => conflict(MESSAGES.entryNotFound), {
        inTransaction: audited(actor, "entry.priority_set", {
          reason: input.reason,
          details: { priority_level: input.priority_level, payment_source: input.payment_source ?? null, payment_reference: input.payment_reference ?? null },
        }),
      });
      await queueEvents.entryChanged("submission.prioritized", after, before.status, {});
      return presentOne(after);
    },

    /** Many entries changed by one plan in one transaction, announced once (the bulk tool). */
    async applyBatch(actor: Actor, refs: string[], plan: BatchPlan): Promise<BatchResult> {
      requireActiveAdmin(actor);
      return transitionBatch(actor, refs, plan);
    },

    /** Removes every entry of one list; returns how many. */
    async clear(actor: Actor, type: QueueType): Promise<number> {
      requireActiveAdmin(actor);
      const removed = await deps.db.transaction().execute(async (trx) => {
        const count = await repository.removeAllWithStatus(type, now(), trx);
        await audit?.record(trx, { actor, action: "queue.cleared", details: { queue_type: type, removed_count: count } });
        return count;
      });
      if (removed > 0) await queueEvents.listCleared(type, removed);
      return removed;
    },

    /** Played songs, newest first, since the admin last cleared the list. */
    async playedList(actor: Actor): Promise<PlayedEntry[]> {
      requireAdmin(actor);
      return presentAll(await repository.playedList(), presentPlayed);
    },

    /** Hides the played list from the admin; history and stats keep every play. */
    async clearPlayedList(actor: Actor): Promise<number> {
      requireActiveAdmin(actor);
      return deps.db.transaction().execute(async (trx) => {
        const cleared = await repository.clearPlayedList(trx);
        await audit?.record(trx, { actor, action: "played_list.cleared", details: { cleared_count: cleared } });
        return cleared;
      });
    },
  };
}
