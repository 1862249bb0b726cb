import { QUEUE_TYPES } from "@common/entry-status";
import { PENDING_EMAIL_LINK } from "@common/files";
import { MESSAGES } from "@common/messages";
import { canonicalizeLink } from "@common/link-canonical";
import { normalizeSubmission, type NormalizedSubmission, type SubmissionInput, type EntryStatus } from "@common/queue";
import type { Db, Dialect } from "../../db/kysely";
import { isUniqueViolation } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import type { Outbox } from "../../events/outbox";
import { type AppError, ValidationError, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { createEntryGroupCommit, type EntryInsert } from "./entry-group-commit.repository";
import { type QueueEvents, summarize } from "./queue-events";
import type { QueueRepository, SubmissionPatch } from "./queue.repository";
import { type SubmissionRow } from "./queue-rules";
import type { GuestsTable } from "../../db/tables/core";

/** A change retried this many times while other admins keep moving the same entry gives up with a 409. */
const MAX_TRANSITION_ATTEMPTS = 3;

/** An uploaded file standing in for the link (the files feature builds the link). */
export interface SubmissionFile {
  key: string;
  link: string;
}

export interface TransitionOptions {
  /** Runs before each attempt on the entry as read; throws to refuse (ownership, a version, a clean file). */
  check?: (entry: SubmissionRow) => Promise<void> | void;
  /** Writes that must commit with the change (an outbox row, an audit record). */
  inTransaction?: (trx: Db, after: SubmissionRow, before: SubmissionRow) => Promise<void>;
}

/** The text fields of an entry after the submit rules, with its link or file. */
export type EntryFields = Omit<NormalizedSubmission, "link"> & Pick<SubmissionRow, "link" | "file_key" | "canonical_key">;
type EntryLink = Pick<SubmissionRow, "link" | "file_key" | "canonical_key">;

const isLive = (status: EntryStatus) => (QUEUE_TYPES as readonly string[]).includes(status);
const linkError = (msg: string) => new ValidationError([{ loc: ["body", "link"], msg, type: "value_error" }]);

/**
 * How a live entry comes and goes: the submit rules that turn input into its fields, its insert, and
 * the conditional change from one status to another that two admins acting at once cannot both make.
 */
export function createEntryTransitions(deps: { db: Db; dialect?: Dialect; clock: Clock; outbox?: Outbox; repository: QueueRepository; queueEvents: QueueEvents }) {
  const { repository, queueEvents } = deps;
  const groupCommit = createEntryGroupCommit(deps);
  const now = () => toIso(deps.clock.now());

  /**
   * The link an entry gets: the uploaded file's, the file it already has when the link is left as is,
   * the pending e-mail marker, or a public http(s) URL with its canonical key.
   */
  function linkFor(raw: string, current?: SubmissionRow, file?: SubmissionFile): EntryLink {
    if (file) return { link: file.link, file_key: file.key, canonical_key: null };
    if (current?.file_key && (raw === "" || raw === current.link)) return { link: current.link, file_key: current.file_key, canonical_key: null };
    if (raw === "") throw linkError(MESSAGES.linkRequired);
    // 'Proceed to Queue' after a failed upload: the file will come by e-mail.
    if (raw === PENDING_EMAIL_LINK) return { link: raw, file_key: null, canonical_key: null };
    const canonical = canonicalizeLink(raw);
    if (!canonical) throw linkError(MESSAGES.invalidLink);
    return { link: raw, file_key: null, canonical_key: canonical.key };
  }

  function fieldsFor(input: SubmissionInput, current?: SubmissionRow, file?: SubmissionFile): EntryFields {
    const normalized = normalizeSubmission(input);
    const { link: _ignored, ...text } = normalized;
    return { ...text, ...linkFor(normalized.link, current, file) };
  }

  /** An edit with patch semantics: fields the input leaves out keep the entry's values, link and file included. */
  function patchFields(input: SubmissionInput, current: SubmissionRow): EntryFields {
    const keep = <K extends keyof SubmissionInput>(key: K, value: string) => (input[key] === undefined ? value : input[key]);
    const { link: _link, ...text } = normalizeSubmission({
      artist_name: keep("artist_name", current.artist_name),
      track_title: keep("track_title", current.track_title),
      youtube_username: keep("youtube_username", current.youtube_username),
      username: keep("username", current.username),
      message: keep("message", current.message),
    });
    const link: EntryLink =
      input.link === undefined ? { link: current.link, file_key: current.file_key, canonical_key: current.canonical_key } : linkFor(normalizeSubmission(input).link, current);
    return { ...text, ...link };
  }

  /**
   * Inserts a live entry, in the group commit of the entries asked for at the same time; the partial
   * unique index turns a second live entry of the same submitter into a 409.
   */
  async function insertEntry(values: {
    userId: string;
    ownerId: string | null;
    fields: EntryFields;
    priority: number;
    paymentSource?: string | null;
    byAdmin: boolean;
    /** Approval first: it starts On Hold, "awaiting approval", instead of in Waiting. */
    awaitApproval?: boolean;
    /** A new guest's identity, written with the entry. */
    guest?: GuestsTable;
    /** The chat identity that asked, written with the entry. */
    fromChat?: EntryInsert["fromChat"];
    inTransaction?: (trx: Db, row: SubmissionRow) => Promise<void>;
  }): Promise<SubmissionRow> {
    const timestamp = now();
    const row: SubmissionRow = {
      id: newId(),
      user_id: values.userId,
      owner_id: values.ownerId,
      artist_name: values.fields.artist_name,
      track_title: values.fields.track_title,
      youtube_username: values.fields.youtube_username,
      username: values.fields.username,
      link: values.fields.link,
      canonical_key: values.fields.canonical_key,
      message: values.fields.message,
      status: values.awaitApproval ? "on_hold" : "waiting",
      hold_reason: values.awaitApproval ? "approval" : null,
      priority_level: values.priority,
      premium_expires: null,
      payment_source: values.paymentSource ?? null,
      payment_reference: null,
      file_key: values.fields.file_key,
      submitted_at: timestamp,
      activated_at: null,
      played_at: null,
      removed_at: null,
      played_list_cleared: 0,
      created_by_admin: values.byAdmin ? 1 : 0,
      version: 1,
      decline_reason: null,
    };
    try {
      await groupCommit.insert({ row, guest: values.guest, fromChat: values.fromChat, inTransaction: values.inTransaction });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyInQueue);
      throw error;
    }
    await queueEvents.entryChanged("submission.added", row, null, { by_admin: values.byAdmin });
    return row;
  }

  /**
   * Changes a live entry with one conditional UPDATE that applies only while the entry is still in the
   * status it was read in, so of two admins acting at once the second gets `refuse(entry as it now is)`
   * or a 404. If it moved to another status that `from` also accepts, the change is tried again on that.
   * The caller emits the domain event that names what happened.
   */
  async function transition(
    ref: string,
    from: readonly EntryStatus[],
    patch: SubmissionPatch | ((entry: SubmissionRow) => SubmissionPatch),
    refuse: (entry: SubmissionRow) => AppError,
    options: TransitionOptions = {},
  ): Promise<{ before: SubmissionRow; after: SubmissionRow }> {
    let entry = await repository.findLive(ref);
    for (let attempt = 1; ; attempt += 1) {
      if (!entry || !isLive(entry.status)) throw notFound(MESSAGES.entryNotFound);
      await options.check?.(entry);
      if (!from.includes(entry.status)) throw refuse(entry);
      const current = entry;
      const changes = typeof patch === "function" ? patch(current) : patch;
      // Conditional on the version read, so a change made in between is never overwritten.
      const update = (trx?: Db) => repository.updateIf(current.id, [current.status], changes, { version: current.version }, trx);
      const after = options.inTransaction
        ? await deps.db.transaction().execute(async (trx) => {
            const updated = await update(trx);
            if (updated) await options.inTransaction!(trx, updated, current);
            return updated;
          })
        : await update();
      if (after) return { before: current, after };
      entry = await repository.findById(current.id);
      if (entry && attempt >= MAX_TRANSITION_ATTEMPTS) throw refuse(entry);
    }
  }

  /**
   * Writes the play of an entry to the outbox in the transaction that marked it played, so the
   * consumers that count plays (history, analytics) see it exactly once.
   */
  async function recordPlay(trx: Db, played: SubmissionRow, playedAt: string, skipped = false): Promise<void> {
    await deps.outbox?.enqueue(trx, "submission.played", { entry: summarize(played), from: "active", played_at: playedAt, ...(skipped ? { skipped } : {}) });
  }

  return { now, fieldsFor, patchFields, insertEntry, transition, recordPlay };
}

export type EntryTransitions = ReturnType<typeof createEntryTransitions>;
