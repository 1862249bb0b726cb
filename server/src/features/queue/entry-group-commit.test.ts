import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, reopenTestDatabase, type TestDatabase } from "../../test/test-app";
import { submissionRow } from "../../test/submission-row";
import type { GuestsTable } from "../../db/tables/core";
import type { Db } from "../../db/kysely";
import { createEntryGroupCommit, type EntryInsert } from "./entry-group-commit.repository";
import { createQueueRepository } from "./queue.repository";
import type { SubmissionRow } from "./queue-rules";

const newGuest = (): GuestsTable => ({ user_id: `guest_${randomUUID()}`, secret_hash: randomUUID(), created_at: "2026-11-29T06:00:00.000Z", last_active: null });
const entryOf = (guest: GuestsTable, values: Partial<SubmissionRow> = {}): EntryInsert => ({ row: submissionRow({ id: randomUUID(), user_id: guest.user_id, ...values }), guest });

describeEachDatabase("new entries' group commit", (dialect) => {
  let database: TestDatabase;
  let other: TestDatabase;
  let groupCommit: ReturnType<typeof createEntryGroupCommit>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    other = reopenTestDatabase(database);
    groupCommit = createEntryGroupCommit({ db: database.db, dialect, repository: createQueueRepository(database.db) });
  });
  afterAll(async () => {
    await other.close();
    await database.close();
  });

  /** What another connection (another instance, or this one after a restart) finds stored. */
  const storedIds = async (db: Db) => new Set((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id));
  const storedGuests = async (db: Db) => new Set((await db.selectFrom("guests").select("user_id").execute()).map((row) => row.user_id));

  it("acknowledges each entry of a burst only once it is committed, each stored once", async () => {
    const entries = Array.from({ length: 40 }, () => entryOf(newGuest()));
    const visibleWhenAcknowledged = await Promise.all(
      entries.map(async (entry) => {
        await groupCommit.insert(entry);
        return (await storedIds(other.db)).has(entry.row.id);
      }),
    );
    expect(visibleWhenAcknowledged.every(Boolean)).toBe(true);
    const rows = await other.db
      .selectFrom("submissions")
      .select("id")
      .where(
        "id",
        "in",
        entries.map((entry) => entry.row.id),
      )
      .execute();
    expect(rows).toHaveLength(40);
  });

  it("refuses only the second live entry of a person asked for in the same group", async () => {
    const twice = newGuest();
    const entries = [entryOf(newGuest()), entryOf(twice), { row: submissionRow({ id: randomUUID(), user_id: twice.user_id }) }, entryOf(newGuest())];
    const outcomes = await Promise.allSettled(entries.map((entry) => groupCommit.insert(entry)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ status: 409, detail: "You already have a submission in the queue" });
    const stored = await storedIds(other.db);
    expect(entries.map((entry) => stored.has(entry.row.id))).toEqual([true, true, false, true]);
  });

  it("records which chat identity asked with each entry of a group, and nothing for one refused", async () => {
    const chatter = (n: number) => ({
      row: submissionRow({ id: randomUUID(), user_id: `chat_${randomUUID()}` }),
      fromChat: { identity_id: `identity_${n}`, source: "twitch_chat" as const },
    });
    const twice = chatter(2);
    const entries = [chatter(1), twice, { ...chatter(3), row: submissionRow({ id: randomUUID(), user_id: twice.row.user_id }) }, chatter(4)];
    const outcomes = await Promise.allSettled(entries.map((entry) => groupCommit.insert(entry)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const recorded = await other.db
      .selectFrom("chat_entries")
      .select(["entry_id", "identity_id", "source"])
      .where(
        "entry_id",
        "in",
        entries.map((entry) => entry.row.id),
      )
      .orderBy("identity_id")
      .execute();
    expect(recorded).toEqual([1, 2, 4].map((n) => ({ entry_id: entries[n - 1]!.row.id, identity_id: `identity_${n}`, source: "twitch_chat" })));
  });

  it("undoes an entry whose own writes fail, its guest included, and keeps the rest of its group", async () => {
    const failing = entryOf(newGuest());
    failing.inTransaction = async (trx) => {
      await trx.insertInto("guests").values(newGuest()).execute();
      throw new Error("not enough Fast Pass tokens");
    };
    const paying = entryOf(newGuest());
    const paid = newGuest();
    paying.inTransaction = async (trx) => void (await trx.insertInto("guests").values(paid).execute());
    const entries = [entryOf(newGuest()), failing, paying, entryOf(newGuest())];

    const outcomes = await Promise.allSettled(entries.map((entry) => groupCommit.insert(entry)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe("not enough Fast Pass tokens");
    const stored = await storedIds(other.db);
    expect(entries.map((entry) => stored.has(entry.row.id))).toEqual([true, false, true, true]);
    const guests = await storedGuests(other.db);
    expect(guests.has(failing.guest!.user_id)).toBe(false);
    expect(guests.has(paid.user_id)).toBe(true);
  });

  it("gives a row the database refuses its own error and still stores the others of its group", async () => {
    const broken = entryOf(newGuest(), { artist_name: null as unknown as string });
    const entries = [entryOf(newGuest()), broken, entryOf(newGuest())];
    const outcomes = await Promise.allSettled(entries.map((entry) => groupCommit.insert(entry)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason.message)).toMatch(/not.null|NOT NULL/i);
    const stored = await storedIds(other.db);
    expect(entries.map((entry) => stored.has(entry.row.id))).toEqual([true, false, true]);
    expect((await storedGuests(other.db)).has(broken.guest!.user_id)).toBe(false);
  });
});
