import { MESSAGES } from "@common/messages";
import {
  QUEUE_MESSAGES,
  type PlayedSubmission,
  type PriorityInput,
  type AdminEditInput,
  type QueueType,
  type Queuer,
  type SubmissionInput,
  type SubmitResponse,
} from "@common/queue";
import { conflict } from "../../lib/errors";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { newGuestUserId } from "../../lib/ids";
import type { QueueCore, SubmissionFile } from "./queue-core";
import { presentPlayed, presentQueuer } from "./queue.presenter";
import type { SubmissionPatch } from "./queue.repository";
import { LIVE_STATUSES, compareActive, compareQueued, type SubmissionRow } from "./queue-rules";
import { summarize } from "./queue-events";

/**
 * The back-office operations: any admin reads, an active admin (or the server's own jobs) changes.
 * Each change is one conditional UPDATE, so two admins acting on one entry leave it in exactly one list.
 */
export function createQueueAdminService(core: QueueCore) {
  const { repository, queueEvents, transition, fieldsFor, patchFields, presentOne, describeFiles, now } = core;

  async function presentAll<T>(rows: SubmissionRow[], present: (row: SubmissionRow, file?: Parameters<typeof presentQueuer>[1]) => T): Promise<T[]> {
    const files = await describeFiles(rows.flatMap((row) => (row.file_key ? [row.file_key] : [])));
    return rows.map((row) => present(row, row.file_key ? files.get(row.file_key) : undefined));
  }

  /** An admin's release or move back restarts the inactivity timer, so the job does not hold it again at once. */
  const restartInactivityTimer = (entry: SubmissionRow) => core.activity.touch(entry.user_id, now());

  return {
    /** A list read fresh from the database, in queue order. */
    async list(actor: Actor, type: QueueType): Promise<Queuer[]> {
      requireAdmin(actor);
      const rows = await repository.entriesWithStatus(type);
      rows.sort(type === "active" ? compareActive : compareQueued);
      return presentAll(rows, presentQueuer);
    },

    /** An admin's add: no open/paused gate, and a fresh submitter identity of its own. */
    async add(actor: Actor, input: SubmissionInput, file?: SubmissionFile): Promise<SubmitResponse> {
      requireActiveAdmin(actor);
      const row = await core.insertEntry({ userId: newGuestUserId(), ownerId: null, fields: fieldsFor(input, undefined, file), priority: 0, byAdmin: true });
      return { queuer: await presentOne(row), user: { user_id: row.user_id, username: row.username, is_guest: true } };
    },

    /**
     * The admin's edit: fields present change, absent ones stay as they are; `on_hold: true` also puts
     * the entry on hold. With `version`, an entry changed since that copy was read is refused (409).
     */
    async edit(actor: Actor, ref: string, input: AdminEditInput): Promise<Queuer> {
      requireActiveAdmin(actor);
      const { on_hold, version, ...fields } = input;
      const check = (entry: SubmissionRow) => {
        if (version !== undefined && entry.version !== version) throw conflict(QUEUE_MESSAGES.changedMeanwhile);
      };
      if (on_hold) {
        const { before, after } = await transition(
          ref,
          ["waiting", "on_hold"],
          (entry) => ({ ...patchFields(fields, entry), status: "on_hold", hold_reason: "admin" }),
          () => conflict(QUEUE_MESSAGES.onlyWaitingCanBeHeld),
          { check },
        );
        await queueEvents.entryChanged("submission.held", after, before.status, { reason: "admin" });
        return presentOne(after);
      }
      const { before, after } = await transition(ref, LIVE_STATUSES, (entry) => patchFields(fields, entry), () => conflict(MESSAGES.entryNotFound), { check });
      await queueEvents.entryChanged("submission.edited", after, before.status, {});
      return presentOne(after);
    },

    /** Waiting to On Hold, held by the admin (released only by an admin); the entry's fields are untouched. */
    async hold(actor: Actor, ref: string): Promise<Queuer> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, ["waiting", "on_hold"], { status: "on_hold", hold_reason: "admin" }, () =>
        conflict(QUEUE_MESSAGES.onlyWaitingCanBeHeld),
      );
      await queueEvents.entryChanged("submission.held", after, before.status, { reason: "admin" });
      return presentOne(after);
    },

    /** Back from On Hold to its original place in Waiting, whoever held it. */
    async release(actor: Actor, ref: string): Promise<Queuer> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, ["on_hold"], { status: "waiting", hold_reason: null }, () => conflict(QUEUE_MESSAGES.notOnHold));
      await restartInactivityTimer(after);
      await queueEvents.entryChanged("submission.released", after, before.status, { reason: before.hold_reason ?? "admin", released_at: now() });
      return presentOne(after);
    },

    /** Waiting or On Hold to Now Playing; an upload must have been scanned clean first. */
    async moveToActive(actor: Actor, ref: string): Promise<Queuer> {
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
        },
      );
      await queueEvents.entryChanged("submission.moved", after, before.status, {});
      return presentOne(after);
    },

    /** Now Playing back to Waiting, at the place its submission time gives it. */
    async moveBack(actor: Actor, ref: string): Promise<Queuer> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, ["active"], { status: "waiting", activated_at: null }, () => conflict(QUEUE_MESSAGES.notPlaying));
      await restartInactivityTimer(after);
      await queueEvents.entryChanged("submission.moved", after, before.status, {});
      return presentOne(after);
    },

    async remove(actor: Actor, ref: string): Promise<void> {
      requireActiveAdmin(actor);
      const { before, after } = await transition(ref, LIVE_STATUSES, { status: "removed", removed_at: now(), hold_reason: null }, () =>
        conflict(MESSAGES.entryNotFound),
      );
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
        const { before, after } = await transition(ref, ["active"], { status: "removed", removed_at: timestamp }, () => conflict(QUEUE_MESSAGES.notPlaying));
        await queueEvents.entryChanged("submission.removed", after, before.status, { by: "admin" });
        return;
      }
      const { before, after } = await transition(ref, ["active"], { status: "played", played_at: timestamp }, () => conflict(QUEUE_MESSAGES.notPlaying), {
        inTransaction: async (trx, played) => {
          await core.deps.outbox?.enqueue(trx, "submission.played", { entry: summarize(played), from: "active", counts: await repository.countLive(trx), played_at: timestamp });
        },
      });
      await queueEvents.entryChanged("submission.played", after, before.status, { played_at: timestamp });
    },

    /** Sets the tier (and the payment details given) of a live entry. */
    async setPriority(actor: Actor, ref: string, input: PriorityInput): Promise<Queuer> {
      requireActiveAdmin(actor);
      const patch: SubmissionPatch = { priority_level: input.priority_level };
      if (input.premium_expires !== undefined) patch.premium_expires = input.premium_expires ? new Date(input.premium_expires).toISOString() : null;
      if (input.payment_source !== undefined) patch.payment_source = input.payment_source;
      if (input.payment_reference !== undefined) patch.payment_reference = input.payment_reference;
      const { before, after } = await transition(ref, LIVE_STATUSES, patch, () => conflict(MESSAGES.entryNotFound));
      await queueEvents.entryChanged("submission.prioritized", after, before.status, {});
      return presentOne(after);
    },

    /** Removes every entry of one list; returns how many. */
    async clear(actor: Actor, type: QueueType): Promise<number> {
      requireActiveAdmin(actor);
      const removed = await repository.removeAllWithStatus(type, now());
      if (removed > 0) await queueEvents.listCleared(type, removed);
      return removed;
    },

    /** Played songs, newest first, since the admin last cleared the list. */
    async playedList(actor: Actor): Promise<PlayedSubmission[]> {
      requireAdmin(actor);
      return presentAll(await repository.playedList(), presentPlayed);
    },

    /** Hides the played list from the admin; history and stats keep every play. */
    async clearPlayedList(actor: Actor): Promise<number> {
      requireActiveAdmin(actor);
      return repository.clearPlayedList();
    },
  };
}
