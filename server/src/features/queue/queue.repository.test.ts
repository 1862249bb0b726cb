import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { submissionRow } from "../../test/submission-row";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../test/test-app";
import { createQueueRepository } from "./queue.repository";

const waiting = submissionRow({ user_id: "guest_waiting", owner_id: "acct_waiting", canonical_key: "youtube:waiting" });
const held = submissionRow({ user_id: "guest_held", status: "on_hold", canonical_key: "youtube:held" });
const played = submissionRow({ user_id: "guest_played", owner_id: "acct_played", status: "played", canonical_key: "youtube:played" });

describeEachDatabase("a person's live entry", (dialect) => {
  let database: TestDatabase;
  let repository: ReturnType<typeof createQueueRepository>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repository = createQueueRepository(database.db);
    await database.db.insertInto("submissions").values([waiting, held, played]).execute();
  });
  afterAll(() => database.close());

  it("is found by submitter id, entry id, linked account or song, and never when it left the queue", async () => {
    const personIsLive = async (ref: string) => (await repository.liveConflicts(ref, null)).personIsLive;
    expect(await personIsLive("guest_waiting")).toBe(true);
    expect(await personIsLive("acct_waiting")).toBe(true);
    expect(await personIsLive("guest_held")).toBe(true);
    expect(await personIsLive("guest_played")).toBe(false);
    expect(await personIsLive("acct_played")).toBe(false);
    expect(await repository.liveConflicts(null, "youtube:held")).toEqual({ personIsLive: false, songIsLive: true });
    expect(await repository.liveConflicts("guest_held", "youtube:played")).toEqual({ personIsLive: true, songIsLive: false });
    expect(await repository.liveConflicts("guest_played", "youtube:waiting")).toEqual({ personIsLive: false, songIsLive: true });

    for (const ref of ["guest_waiting", waiting.id, "acct_waiting"]) expect((await repository.findLive(ref))?.id).toBe(waiting.id);
    expect(await repository.findLive(played.id)).toBeUndefined();

    const found = await repository.liveByRefs(["acct_waiting", held.id, "guest_played", "nobody"]);
    expect(found.map((row) => row.id).sort()).toEqual([waiting.id, held.id].sort());
  });
});

describe("a person's live entry on SQLite", () => {
  const executed: CompiledQuery[] = [];
  const sqlite = new SQLite(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void executed.push(event.query) });

  beforeAll(async () => {
    await migrateToLatest(db);
    const many = Array.from({ length: 300 }, (_, i) => submissionRow({ user_id: `guest_${i}`, owner_id: i % 2 ? `acct_${i}` : null, canonical_key: `youtube:${i}` }));
    await db
      .insertInto("submissions")
      .values([...many, played])
      .execute();
    await sql`analyze`.execute(db);
  });
  afterAll(() => db.destroy());

  /** How SQLite reads `submissions` for each query run: a raid's checks must not read every live entry. */
  const plansOf = (queries: CompiledQuery[]) =>
    queries.map((query) =>
      sqlite
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[]))
        .map((step) => (step as { detail: string }).detail)
        .filter((detail) => detail.includes(" submissions ")),
    );

  it("goes straight to it through the one-live-entry indexes, however long the queue", async () => {
    executed.length = 0;
    const repository = createQueueRepository(db);
    await repository.liveConflicts("acct_7", "youtube:7");
    await repository.findLive("acct_7");
    await repository.liveByRefs(["guest_3", "acct_7"]);
    const plans = plansOf(executed).flat();
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans)
      expect(plan).toMatch(
        /^SEARCH submissions USING (COVERING )?INDEX (submissions_one_live_per_(user|owner) \((user_id|owner_id)=\?\)|sqlite_autoindex_submissions_1 \(id=\?\)|submissions_canonical_key \(canonical_key=\? AND status=\?\))$/,
      );
  });

  it("answers the checks of a raid's requests, asked together, with one statement", async () => {
    const repository = createQueueRepository(db);
    executed.length = 0;
    const answers = await Promise.all([
      repository.liveConflicts("guest_4", "youtube:nobody"),
      repository.liveConflicts("acct_7", null),
      repository.liveConflicts("newcomer", "youtube:9"),
      repository.liveConflicts("newcomer", "youtube:nobody"),
      repository.liveConflicts("guest_4", "youtube:9"),
    ]);
    expect(answers).toEqual([
      { personIsLive: true, songIsLive: false },
      { personIsLive: true, songIsLive: false },
      { personIsLive: false, songIsLive: true },
      { personIsLive: false, songIsLive: false },
      { personIsLive: true, songIsLive: true },
    ]);
    expect(executed).toHaveLength(1);
  });
});
