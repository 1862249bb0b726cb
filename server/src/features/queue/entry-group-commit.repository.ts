import type { ControlledTransaction } from "kysely";
import { MESSAGES } from "@common/messages";
import { type Db, type Dialect, isUniqueViolation } from "../../db/kysely";
import type { Database } from "../../db/schema";
import { conflict } from "../../lib/errors";
import type { GuestsTable } from "../../db/tables/core";
import type { ChatEntriesTable } from "../../db/tables/chat";
import type { QueueRepository } from "./queue.repository";
import type { SubmissionRow } from "./queue-rules";

/** At most this many new entries share one transaction; the rest wait for the next. */
const MAX_GROUP = 256;

/** One new entry to store: its row, a new guest's identity, which chat identity asked, and writes that must commit with it. */
export interface EntryInsert {
  row: SubmissionRow;
  guest?: GuestsTable;
  /** The chat identity that asked for the entry, and how: written with it, in the group's own statements. */
  fromChat?: Pick<ChatEntriesTable, "identity_id" | "source">;
  inTransaction?: (trx: Db, row: SubmissionRow) => Promise<void>;
}

const chatEntryOf = ({ row, fromChat }: EntryInsert): ChatEntriesTable[] => (fromChat ? [{ entry_id: row.id, created_at: row.submitted_at, ...fromChat }] : []);

interface Waiting extends EntryInsert {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit for new entries. In a raid much of a submission's database time is its commit (and on
 * PostgreSQL its round trips), so the entries asked for while one group is being written share the
 * next transaction. Each is acknowledged only once that transaction has committed, so a crash loses
 * nothing acknowledged; one entry's refusal (a second live entry, a Fast Pass it cannot pay) fails
 * only that entry. When the group as a whole cannot commit, nothing in it was acknowledged, and each
 * entry is written again on its own to get its own answer.
 */
export function createEntryGroupCommit(deps: { db: Db; dialect?: Dialect; repository: QueueRepository }) {
  const { db, repository } = deps;
  let waiting: Waiting[] = [];
  let draining = false;

  /** One entry in a transaction of its own: the path of an entry that arrives alone. */
  async function writeAlone(entry: EntryInsert): Promise<void> {
    const { row, guest, inTransaction, fromChat } = entry;
    if (inTransaction || fromChat || (guest && deps.dialect !== "postgres")) {
      await db.transaction().execute(async (trx) => {
        if (guest) await repository.insertGuest(trx, guest);
        await inTransaction?.(trx, row);
        await repository.insertSubmission(trx, row);
        await repository.insertChatEntries(trx, chatEntryOf(entry));
      });
    } else if (guest) await repository.insertSubmissionWithGuest(row, guest);
    else await repository.insertSubmission(db, row);
  }

  /**
   * The entries without writes of their own can be refused only for a second live entry of the same
   * person. A refused statement aborts a PostgreSQL transaction, so there the insert skips such a row
   * (one statement per table for the group: each statement is a round trip); SQLite undoes just the
   * refused statement, and its plain insert costs a third of one that can skip. A skipped entry's
   * chat record is not written.
   */
  async function writePlain(trx: ControlledTransaction<Database>, entries: EntryInsert[]): Promise<Set<string>> {
    if (deps.dialect === "postgres") {
      const guests = entries.flatMap((entry) => (entry.guest ? [entry.guest] : []));
      if (guests.length > 0) await repository.insertGuests(trx, guests);
      const stored = await repository.insertSubmissionsUnlessLive(
        trx,
        entries.map((entry) => entry.row),
      );
      await repository.insertChatEntries(trx, entries.filter((entry) => stored.has(entry.row.id)).flatMap(chatEntryOf));
      return stored;
    }
    const stored = new Set<string>();
    for (const entry of entries) {
      try {
        if (entry.guest) await repository.insertGuest(trx, entry.guest);
        await repository.insertSubmission(trx, entry.row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        continue;
      }
      await repository.insertChatEntries(trx, chatEntryOf(entry));
      stored.add(entry.row.id);
    }
    return stored;
  }

  /** An entry with writes of its own, under a savepoint: what it refuses is undone and only it fails. */
  async function writeWithOwnWrites(trx: ControlledTransaction<Database>, entry: EntryInsert, ownWrites: NonNullable<EntryInsert["inTransaction"]>): Promise<unknown> {
    const savepoint = await trx.savepoint("entry").execute();
    try {
      if (entry.guest) await repository.insertGuest(savepoint, entry.guest);
      await ownWrites(savepoint, entry.row);
      await repository.insertSubmission(savepoint, entry.row);
      await repository.insertChatEntries(savepoint, chatEntryOf(entry));
      await savepoint.releaseSavepoint("entry").execute();
      return null;
    } catch (error) {
      await savepoint.rollbackToSavepoint("entry").execute();
      await savepoint.releaseSavepoint("entry").execute();
      return error;
    }
  }

  async function writeGroup(group: Waiting[]): Promise<void> {
    const refusals = new Map<Waiting, unknown>();
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await db.startTransaction().execute();
      const plain = group.filter((entry) => !entry.inTransaction);
      const stored = await writePlain(trx, plain);
      for (const entry of plain) if (!stored.has(entry.row.id)) refusals.set(entry, conflict(MESSAGES.alreadyInQueue));
      for (const entry of group) {
        const refusal = entry.inTransaction ? await writeWithOwnWrites(trx, entry, entry.inTransaction) : null;
        if (refusal) refusals.set(entry, refusal);
      }
      await trx.commit().execute();
    } catch {
      if (trx && !trx.isCommitted)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      for (const entry of group) await settleAlone(entry);
      return;
    }
    for (const entry of group) {
      if (refusals.has(entry)) entry.reject(refusals.get(entry));
      else entry.resolve();
    }
  }

  async function settleAlone(entry: Waiting): Promise<void> {
    try {
      await writeAlone(entry);
      entry.resolve();
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(MAX_GROUP);
      if (group.length === 1) await settleAlone(group[0]!);
      else await writeGroup(group);
    }
    draining = false;
  }

  return {
    /** Resolves once the entry is committed; rejects with its own error (a unique violation as the database raised it, or a 409). */
    insert(entry: EntryInsert): Promise<void> {
      return new Promise((resolve, reject) => {
        // On PostgreSQL a savepoint costs two more round trips on the group's one connection, in turn with
        // every other entry: an entry with writes of its own goes alone, side by side with others on the pool.
        if (entry.inTransaction && deps.dialect === "postgres") return void settleAlone({ ...entry, resolve, reject });
        waiting.push({ ...entry, resolve, reject });
        if (draining) return;
        draining = true;
        // The requests read in this turn of the event loop join the first group.
        setImmediate(() => void drain());
      });
    },
  };
}
