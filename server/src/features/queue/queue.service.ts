import { QUEUE_TYPES } from "@common/entry-status";
import { FAST_PASS_PAYMENT_SOURCE } from "@common/loyalty";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES, type QueueOverview, type QueuePosition, type QueueType, type Entry, type SubmissionInput, type SubmitResponse } from "@common/queue";
import { toIso } from "../../lib/clock";
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/errors";
import { newGuestUserId, newSecret, sha256 } from "../../lib/ids";
import { createHostLimits } from "./host-limits";
import { createQueueAdminService } from "./queue-admin.service";
import { createChatSubmit, createChatWithdraw } from "./queue-chat-submit";
import { createEntryTransitions, type SubmissionFile } from "./entry-transitions";
import { createQueueEvents } from "./queue-events";
import { createEntryPresenter } from "./queue.presenter";
import { createQueueRepository } from "./queue.repository";
import { createLiveQueueSnapshots } from "./queue-snapshot-loader";
import { createAdminLists } from "./queue-admin-lists";
import { type BuiltLists, createQueueLiveLists, type FailedLists } from "./queue-live-lists";
import type { QueueParts, QueueServiceDeps, SubmitCommand } from "./queue-service-deps";
import { type Actor, asPerson, isSubmitterOf, provenIds, requireActiveAdmin, requireMember, requireSubmitterOf } from "../../lib/access";
import { compareActive, positionOf, type SubmissionRow, waitForNewEntry } from "./queue-rules";
import type { ListSnapshot } from "./queue-snapshot";
import type { SubmissionParty } from "../moderation/moderation.service";

export type { SubmissionFile } from "./entry-transitions";
export type { QueueFiles } from "./queue.presenter";
export type { FastPassSpender, SubmitCommand } from "./queue-service-deps";
export type { ChatSubmitCommand } from "./queue-chat-submit";

/** The queue as the chat commands read it. */
export interface QueueChatView {
  nowPlaying: SubmissionRow | null;
  next: SubmissionRow | null;
  waitingCount: number;
  /** Whole minutes a request made now would wait. */
  waitMinutes: number;
  isOpen: boolean;
}

/**
 * The queue as guests, users and other features see it; `admin` holds the back-office operations.
 * Reads come from the live snapshot (no query per request); every change is a domain event on the bus.
 */
export function createQueueService(deps: QueueServiceDeps) {
  const repository = createQueueRepository(deps.db);
  const presenter = createEntryPresenter({ files: deps.files, songDetails: deps.songDetails, publicProfileNames: repository.publicProfileNames });
  const snapshots = createLiveQueueSnapshots({ events: deps.events, repository, presenter });
  const queueEvents = createQueueEvents({ events: deps.events, repository });
  const transitions = createEntryTransitions({ ...deps, repository, queueEvents });
  const adminLists = createAdminLists({ db: deps.db, now: transitions.now });
  const liveLists = createQueueLiveLists({ snapshots, adminListsOf: adminLists.of });
  const parts: QueueParts = { deps, repository, presenter, snapshots, adminLists, queueEvents, transitions };
  const { fieldsFor, transition, now } = transitions;
  const { presentOne } = presenter;
  const limits = createHostLimits(parts);

  /** A 403 with the host's refusal when the submitter or the song is banned. */
  async function refuseBanned(party: SubmissionParty): Promise<void> {
    const refusal = await deps.bans?.refusalFor(party);
    if (refusal) throw forbidden(refusal);
  }

  return {
    /**
     * A guest's or user's submission (uploads pass `file`). Refused while the queue is closed or
     * submissions are paused; a guest without a secret is given a new identity and its secret, once.
     */
    async submit(command: SubmitCommand): Promise<SubmitResponse> {
      if (!(await deps.settings.isQueueOpen())) throw badRequest(MESSAGES.queueClosed);
      if ((await deps.settings.get("isSubmissionsOpen")) === "false") throw badRequest(QUEUE_MESSAGES.submissionsPaused);
      const level = command.fastPassLevel ?? 0;
      const person = asPerson(command.actor);
      if (level > 0 && !person.userId) throw badRequest(QUEUE_MESSAGES.fastPassSignInRequired);
      const fields = fieldsFor(command.input, undefined, command.file);

      if (!person.userId && person.invalidGuestSecret) throw unauthorized(MESSAGES.guestSecretInvalid);
      await refuseBanned({ accountId: person.userId, guestId: person.guestId, username: fields.username, canonicalKey: fields.canonical_key });
      await limits.refuseOverStreamLimit({ submitterIds: provenIds(command.actor), accountId: person.userId, username: fields.username });
      await limits.refuseBlockedWords(fields);
      await limits.refuseTooLong(fields);
      const userId = person.userId ?? person.guestId;
      const newGuest = userId ? null : { user_id: newGuestUserId(), secret: newSecret() };
      const submitterId = userId ?? newGuest!.user_id;
      const live = await repository.liveConflicts(newGuest ? null : submitterId, command.bypassDuplicates === false ? fields.canonical_key : null);
      if (live.personIsLive) throw conflict(MESSAGES.alreadyInQueue);
      if (live.songIsLive) throw conflict(MESSAGES.duplicateLink);

      const row = await transitions.insertEntry({
        userId: submitterId,
        ownerId: person.userId,
        fields,
        priority: level,
        paymentSource: level > 0 ? FAST_PASS_PAYMENT_SOURCE : null,
        byAdmin: false,
        awaitApproval: (await deps.settings.get("approvalFirst")) === "true",
        guest: newGuest ? { user_id: newGuest.user_id, secret_hash: sha256(newGuest.secret), created_at: now(), last_active: now() } : undefined,
        inTransaction:
          level > 0 || command.inTransaction
            ? async (trx, entry) => {
                if (level > 0) await deps.fastPass.spend(trx, { userId: submitterId, level, entryId: entry.id });
                await command.inTransaction?.(trx);
              }
            : undefined,
      });
      return {
        queuer: await presentOne(row),
        user: { user_id: row.user_id, username: row.username, is_guest: person.userId === null },
        ...(newGuest ? { guest_secret: newGuest.secret } : {}),
      };
    },

    /** A request from chat: the web submit's rules; the chat-requests feature decides who asks and may ask. */
    submitFromChat: createChatSubmit(parts, limits),

    /** A chat viewer's `!wrongsong`: their live entry leaves while it still waits or is held. */
    withdrawFromChat: createChatWithdraw(parts),

    /** The owner edits a waiting or held entry (uploads pass the new `file`). */
    async updateOwn(actor: Actor, ref: string, input: SubmissionInput, file?: SubmissionFile): Promise<Entry> {
      const { before, after } = await transition(
        ref,
        ["waiting", "on_hold"],
        (entry) => fieldsFor(input, entry, file),
        () => conflict(QUEUE_MESSAGES.alreadyPlaying),
        {
          check: async (entry) => {
            requireSubmitterOf(actor, entry);
            const fields = fieldsFor(input, entry, file);
            await refuseBanned({ accountId: entry.owner_id, guestId: entry.user_id, username: fields.username, canonicalKey: fields.canonical_key });
            await limits.refuseBlockedWords(fields);
            if (fields.file_key !== entry.file_key || fields.canonical_key !== entry.canonical_key) await limits.refuseTooLong(fields);
          },
        },
      );
      await queueEvents.entryChanged("submission.edited", after, before.status, {});
      return presentOne(after);
    },

    /** The owner leaves the queue; a song already Now Playing is the host's to finish. */
    async leaveOwn(actor: Actor, ref: string): Promise<void> {
      const { before, after } = await transition(
        ref,
        ["waiting", "on_hold"],
        { status: "removed", removed_at: now(), hold_reason: null },
        () => conflict(QUEUE_MESSAGES.alreadyPlaying),
        { check: (entry) => requireSubmitterOf(actor, entry) },
      );
      await queueEvents.entryChanged("submission.removed", after, before.status, { by: "owner" });
    },

    /**
     * Takes the live entry of an account being deleted out of the queue, from any list (Now Playing
     * too: the person asked to be forgotten). False when it had none. Only that member or the server.
     */
    async removeForDeletedAccount(actor: Actor, accountId: string): Promise<boolean> {
      if (actor.kind !== "system" && requireMember(actor) !== accountId) throw forbidden(MESSAGES.notYourEntry);
      if (!(await repository.findLive(accountId))) return false;
      try {
        const { before, after } = await transition(accountId, QUEUE_TYPES, { status: "removed", removed_at: now(), hold_reason: null }, () => notFound(MESSAGES.entryNotFound));
        await queueEvents.entryChanged("submission.removed", after, before.status, { by: "account_deleted" });
        return true;
      } catch (error) {
        // Removed by someone else in between: nothing left to take out.
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      }
    },

    /** The guest id whose secret has this SHA-256 hash, or null: how a request proves a guest. */
    async guestIdBySecretHash(secretHash: string): Promise<string | null> {
      return (await repository.guestBySecretHash(secretHash))?.user_id ?? null;
    },

    /** The live entry of a submitter id, entry id or linked account id, or null. */
    async getLiveEntry(ref: string): Promise<Entry | null> {
      return (await snapshots.current()).present(ref) ?? null;
    },

    /**
     * Every new version of the lists, as it is built (each one may be served, so each is announced),
     * with the lists changed since the one before; a change starts one.
     */
    onListsBuilt(listener: (built: BuiltLists) => void): void {
      liveLists.onBuilt(listener);
    },

    /** Changes whose version could not be built: the lists they named and the sizes they reported. */
    onListsFailed(listener: (failed: FailedLists) => void): void {
      liveLists.onFailed(listener);
    },

    /** Resolves once every change so far is in a version handed to `onListsBuilt`. */
    listsSettled: liveLists.settled,

    /** A public list, serialized once per version. */
    async list(type: QueueType): Promise<ListSnapshot> {
      return (await snapshots.current()).lists[type];
    },

    async position(userId: string): Promise<QueuePosition> {
      const position = positionOf(await snapshots.positions(), userId, deps.clock.now());
      if (!position) throw notFound(MESSAGES.notInQueue);
      return position;
    },

    async overview(): Promise<QueueOverview> {
      const [snapshot, queueOn, submissions, nextStart] = await Promise.all([
        snapshots.current(),
        deps.settings.isQueueOpen(),
        deps.settings.get("isSubmissionsOpen"),
        deps.settings.get("nextStreamStartAt"),
      ]);
      const { waiting, active, on_hold } = snapshot.rows;
      const current = active[0];
      return {
        total_submissions: waiting.length + active.length + on_hold.length,
        active_queue: active.length,
        waiting_queue: waiting.length,
        hold_queue: on_hold.length,
        queue_status: !queueOn ? "closed" : submissions === "false" ? "busy" : "open",
        is_queue_open: queueOn,
        next_stream_start_at: nextStart,
        now_playing: current ? { artist_name: current.artist_name, track_title: current.track_title, username: current.username } : null,
      };
    },

    /** The current song, the next one, how many wait and for how long: what the chat commands answer from. */
    async chatView(): Promise<QueueChatView> {
      const [snapshot, isOpen] = await Promise.all([snapshots.current(), deps.settings.isQueueOpen()]);
      const { waiting, active } = snapshot.rows;
      return {
        nowPlaying: active[0] ?? null,
        next: waiting[0] ?? null,
        waitingCount: waiting.length,
        waitMinutes: waitForNewEntry(snapshot.positions, deps.clock.now()),
        isOpen,
      };
    },

    /** The song Now Playing as the database holds it this moment (not the snapshot), or null. */
    async nowPlaying(): Promise<SubmissionRow | null> {
      return (await repository.entriesWithStatus("active")).sort(compareActive)[0] ?? null;
    },

    /** The live entry of a channel username (any case) and its position, or null. */
    async positionByUsername(username: string): Promise<{ entry: SubmissionRow; position: QueuePosition } | null> {
      const snapshot = await snapshots.current();
      const wanted = username.toLowerCase();
      const { active, waiting, on_hold } = snapshot.rows;
      const entry = [...active, ...waiting, ...on_hold].find((row) => row.username === wanted);
      const position = entry ? positionOf(snapshot.positions, entry.user_id, deps.clock.now()) : null;
      return entry && position ? { entry, position } : null;
    },

    /**
     * Whether the actor has proved to be the submitter `ref` names (its id, or the account it is linked
     * to): only such a sign of life counts, so nobody checks in for someone else.
     */
    async isSubmitter(actor: Actor, ref: string): Promise<boolean> {
      if (provenIds(actor).includes(ref)) return true;
      const entry = (await snapshots.current()).find(ref);
      return entry !== undefined && isSubmitterOf(actor, entry);
    },

    /** Puts the submitter's entry back in its place if it was held for inactivity; true when it was. */
    async releaseInactivityHold(userId: string): Promise<boolean> {
      // A sign of life (a chat request, a socket) does not wait for a burst's next build: while the
      // snapshot is behind, the database tells whether this person's entry is held.
      const built = snapshots.currentIfBuilt();
      const entry = built ? built.find(userId) : await repository.findLive(userId);
      if (entry?.status !== "on_hold" || entry.hold_reason !== "inactivity") return false;
      const after = await repository.updateIf(entry.id, ["on_hold"], { status: "waiting", hold_reason: null }, { hold_reason: "inactivity" });
      if (!after) return false;
      await queueEvents.entryChanged("submission.released", after, entry.status, { reason: "inactivity", released_at: now() });
      return true;
    },

    /** Holds waiting entries whose submitters showed no sign of life since `cutoff`; returns how many. */
    async holdInactiveSince(actor: Actor, cutoff: Date): Promise<number> {
      requireActiveAdmin(actor);
      const held = await repository.holdInactive(toIso(cutoff));
      for (const entry of held) await queueEvents.entryChanged("submission.held", entry, "waiting", { reason: "inactivity" });
      return held.length;
    },

    admin: createQueueAdminService(parts),
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
