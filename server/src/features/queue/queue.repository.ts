import { type SqlBool, sql } from "kysely";
import type { QueueType, EntryStatus } from "@common/queue";
import { QUEUE_TYPES } from "@common/entry-status";
import type { Db, Dialect } from "../../db/kysely";
import { createRowInserts } from "../../db/row-inserts";
import type { Database } from "../../db/schema";
import type { GuestsTable } from "../../db/tables/core";
import type { ChatEntriesTable } from "../../db/tables/chat";
import { turnBatches } from "../../lib/turn-batches";
import { type SubmissionRow } from "./queue-rules";

export type SubmissionPatch = Partial<Omit<SubmissionRow, "id" | "user_id" | "version">>;

/** The PostgreSQL advisory lock that lets one Play next at a time read and change the lists. */
const PLAY_NEXT_LOCK = 0x4c51_0001;

/**
 * "The entry is live", as the partial unique indexes on `user_id` and `owner_id` state it: SQLite uses
 * a partial index only for a query that repeats its condition with the same literals (bound values
 * could be anything), and otherwise reads every live entry to find one person's.
 */
const IS_LIVE = sql<SqlBool>`${sql.raw(`"status" in (${QUEUE_TYPES.map((status) => `'${status}'`).join(", ")})`)}`;

interface LiveConflictCheck {
  submitterId: string | null;
  canonicalKey: string | null;
}

export interface LiveConflicts {
  personIsLive: boolean;
  songIsLive: boolean;
}

/** Every read and write of queue entries and guests. Each state change is one conditional UPDATE. */
export function createQueueRepository(db: Db) {
  const { insertRow } = createRowInserts<Database>();
  // Written as SQL: it runs for every chat request, and the query builder took longer to build it than
  // SQLite to answer it. Each part goes straight to its entries through its index.
  async function checkLiveConflicts(checks: readonly LiveConflictCheck[]): Promise<LiveConflicts[]> {
    const people = [...new Set(checks.flatMap((check) => (check.submitterId ? [check.submitterId] : [])))];
    const songs = [...new Set(checks.flatMap((check) => (check.canonicalKey ? [check.canonicalKey] : [])))];
    const liveWith = (column: "user_id" | "owner_id" | "canonical_key", values: string[]) =>
      sql`select ${sql.lit(column === "canonical_key" ? "song" : "person")} as kind, ${sql.ref(column)} as ref from submissions where ${IS_LIVE} and ${sql.ref(column)} in (${sql.join(values)})`;
    const parts = [...(people.length > 0 ? [liveWith("user_id", people), liveWith("owner_id", people)] : []), ...(songs.length > 0 ? [liveWith("canonical_key", songs)] : [])];
    const { rows } = await sql<{ kind: "person" | "song"; ref: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    const liveOf = (kind: "person" | "song") => new Set(rows.filter((row) => row.kind === kind).map((row) => row.ref));
    const [livePeople, liveSongs] = [liveOf("person"), liveOf("song")];
    return checks.map((check) => ({
      personIsLive: check.submitterId !== null && livePeople.has(check.submitterId),
      songIsLive: check.canonicalKey !== null && liveSongs.has(check.canonicalKey),
    }));
  }
  const checkConflicts = turnBatches(checkLiveConflicts);

  /** The live entries whose submitter id, id or linked account is among `refs`: one statement, each column through its own index. */
  const liveNamedBy = (refs: string[]) => {
    const named = (column: "user_id" | "id" | "owner_id") => db.selectFrom("submissions").selectAll().where(IS_LIVE).where(column, "in", refs);
    return named("user_id").unionAll(named("id")).unionAll(named("owner_id")).execute();
  };

  return {
    /**
     * Holds Play next's lock until `trx` ends. PostgreSQL reads each statement afresh: two clicks from
     * nothing playing would each see Now Playing empty, and the second, reading Waiting after the first
     * committed, would bring up the song after. SQLite's transaction already holds the only writer.
     */
    async lockPlayNext(trx: Db, dialect: Dialect | undefined): Promise<void> {
      if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${PLAY_NEXT_LOCK})`.execute(trx);
    },

    async liveEntries(): Promise<SubmissionRow[]> {
      return db.selectFrom("submissions").selectAll().where("status", "in", QUEUE_TYPES).execute();
    },

    /** The rows of these ids, whatever their status. */
    async entriesByIds(ids: string[]): Promise<SubmissionRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom("submissions").selectAll().where("id", "in", ids).execute();
    },

    async entriesWithStatus(status: QueueType, trx: Db = db): Promise<SubmissionRow[]> {
      return trx.selectFrom("submissions").selectAll().where("status", "=", status).execute();
    },

    async countLive(trx: Db = db): Promise<Record<QueueType, number>> {
      const rows = await trx
        .selectFrom("submissions")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", QUEUE_TYPES)
        .groupBy("status")
        .execute();
      const counts: Record<QueueType, number> = { waiting: 0, active: 0, on_hold: 0 };
      for (const row of rows) counts[row.status as QueueType] = Number(row.count);
      return counts;
    },

    /** The most recent plays that have a start time, for the average song length. */
    async recentPlays(limit: number): Promise<Pick<SubmissionRow, "activated_at" | "played_at">[]> {
      return db
        .selectFrom("submissions")
        .select(["activated_at", "played_at"])
        .where("status", "=", "played")
        .where("activated_at", "is not", null)
        .where("played_at", "is not", null)
        .orderBy("played_at", "desc")
        .limit(limit)
        .execute();
    },

    /** The live entry addressed by a submitter id or an entry id; a linked account's entry by owner id last. */
    async findLive(ref: string): Promise<SubmissionRow | undefined> {
      const rows = await liveNamedBy([ref]);
      return rows.find((row) => row.user_id === ref) ?? rows.find((row) => row.id === ref) ?? rows.find((row) => row.owner_id === ref);
    },

    /** Usernames of the accounts among `ids` whose profile is public, by account id. */
    async publicProfileNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom("users").select(["id", "username"]).where("id", "in", ids).where("is_public", "=", 1).execute();
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    async findById(id: string, trx: Db = db): Promise<SubmissionRow | undefined> {
      return trx.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The live entries any of `refs` names (as a submitter id, an entry id or a linked account id), in one read. */
    async liveByRefs(refs: string[]): Promise<SubmissionRow[]> {
      if (refs.length === 0) return [];
      return [...new Map((await liveNamedBy(refs)).map((row) => [row.id, row])).values()];
    },

    /**
     * Whether the submitter has a live entry (of their own or, for an account, one linked to it) and
     * whether a live entry has the same song (an upload, with no key, never matches). The checks asked
     * in the same turn (a raid's chat requests) share one statement.
     */
    async liveConflicts(submitterId: string | null, canonicalKey: string | null): Promise<LiveConflicts> {
      if (!submitterId && !canonicalKey) return { personIsLive: false, songIsLive: false };
      return checkConflicts({ submitterId, canonicalKey });
    },

    async insertSubmission(trx: Db, row: SubmissionRow): Promise<void> {
      await insertRow(trx, "submissions", row);
    },

    /** The ids stored: a row whose submitter (or linked account) already has a live entry is skipped. */
    async insertSubmissionsUnlessLive(trx: Db, rows: SubmissionRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const stored = await trx
        .insertInto("submissions")
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .returning("id")
        .execute();
      return new Set(stored.map((row) => row.id));
    },

    /**
     * Applies the patch only while the entry is in one of `from` (and matches `where`), bumping its
     * version; undefined when it no longer is. `trx` runs it inside a caller's transaction.
     */
    async updateIf(id: string, from: readonly EntryStatus[], patch: SubmissionPatch, where: Partial<SubmissionRow> = {}, trx: Db = db): Promise<SubmissionRow | undefined> {
      let query = trx
        .updateTable("submissions")
        .set({ ...patch, version: sql`version + 1` })
        .where("id", "=", id)
        .where("status", "in", from);
      for (const [column, value] of Object.entries(where)) {
        query = query.where(column as keyof SubmissionRow, value === null ? "is" : "=", value as string);
      }
      return query.returningAll().executeTakeFirst();
    },

    /** Moves every entry of one list to `removed`; returns how many. */
    async removeAllWithStatus(status: QueueType, removedAt: string, trx: Db = db): Promise<number> {
      const result = await trx
        .updateTable("submissions")
        .set({ status: "removed", removed_at: removedAt, hold_reason: null, version: sql`version + 1` })
        .where("status", "=", status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async playedList(): Promise<SubmissionRow[]> {
      return db
        .selectFrom("submissions")
        .selectAll()
        .where("status", "=", "played")
        .where("played_list_cleared", "=", 0)
        .orderBy("played_at", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    async clearPlayedList(trx: Db = db): Promise<number> {
      const result = await trx.updateTable("submissions").set({ played_list_cleared: 1 }).where("status", "=", "played").where("played_list_cleared", "=", 0).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Puts on hold every waiting entry submitted before `cutoff` whose submitter (or linked account)
     * has no recorded activity since then. Entries an admin added have nobody to check in, so they are
     * left alone. One statement, so a concurrent move is never undone.
     */
    async holdInactive(cutoff: string): Promise<SubmissionRow[]> {
      return db
        .updateTable("submissions")
        .set({ status: "on_hold", hold_reason: "inactivity", version: sql`version + 1` })
        .where("status", "=", "waiting")
        .where("created_by_admin", "=", 0)
        .where("submitted_at", "<", cutoff)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("activity")
                .select("activity.user_id")
                .where("activity.last_active", ">=", cutoff)
                .where((inner) => inner.or([inner("activity.user_id", "=", inner.ref("submissions.user_id")), inner("activity.user_id", "=", inner.ref("submissions.owner_id"))])),
            ),
          ),
        )
        .returningAll()
        .execute();
    },

    async guestBySecretHash(secretHash: string): Promise<GuestsTable | undefined> {
      return db.selectFrom("guests").selectAll().where("secret_hash", "=", secretHash).executeTakeFirst();
    },

    /** A new guest and its entry in one statement (PostgreSQL runs an INSERT inside WITH): both or neither, in one round trip. */
    async insertSubmissionWithGuest(row: SubmissionRow, guest: GuestsTable): Promise<void> {
      await db
        .with("new_guest", (query) => query.insertInto("guests").values(guest))
        .insertInto("submissions")
        .values(row)
        .execute();
    },

    async insertGuest(trx: Db, guest: GuestsTable): Promise<void> {
      await insertRow(trx, "guests", guest);
    },

    async insertGuests(trx: Db, guests: GuestsTable[]): Promise<void> {
      await trx.insertInto("guests").values(guests).execute();
    },

    /** Which chat identity asked for each new entry (written with the entries). */
    async insertChatEntries(trx: Db, rows: ChatEntriesTable[]): Promise<void> {
      if (rows.length === 1) await insertRow(trx, "chat_entries", rows[0]!);
      else if (rows.length > 1) await trx.insertInto("chat_entries").values(rows).execute();
    },
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;
