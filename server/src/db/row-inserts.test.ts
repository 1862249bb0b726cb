import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app";
import type { SubmissionRow } from "../features/queue/queue-rules";
import { submissionRow } from "../test/submission-row";
import { isUniqueViolation } from "./kysely";
import { createRowInserts } from "./row-inserts";
import type { Database } from "./schema";

describeEachDatabase("one-row inserts compiled once", (dialect) => {
  let database: TestDatabase;
  const { insertRow } = createRowInserts<Database>();
  const stored = (id: string) => database.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("stores each row as written, the second through the first's text", async () => {
    const first = submissionRow({ artist_name: "First" });
    const second = submissionRow({ artist_name: "Second", message: "hello" });
    await insertRow(database.db, "submissions", first);
    await insertRow(database.db, "submissions", second);
    expect(await stored(first.id)).toEqual(first);
    expect(await stored(second.id)).toEqual(second);
  });

  it("puts each value in its own column whatever the order of the row's fields", async () => {
    const { track_title, artist_name, ...rest } = submissionRow({ artist_name: "Artist B", track_title: "Title B" });
    const reordered = { track_title, ...rest, artist_name };
    await insertRow(database.db, "submissions", reordered);
    expect(await stored(reordered.id)).toMatchObject({ artist_name: "Artist B", track_title: "Title B" });
  });

  it("leaves out a column set to undefined or missing, so the table's own default applies", async () => {
    const { played_list_cleared: _left, ...withoutCleared } = submissionRow({ owner_id: "owner-1", played_list_cleared: 1 });
    // The row type names every column; the table has a default for this one.
    const row = { ...withoutCleared, owner_id: undefined } as unknown as SubmissionRow;
    await insertRow(database.db, "submissions", row);
    expect(await stored(row.id)).toMatchObject({ owner_id: null, played_list_cleared: 0 });
  });

  it("inserts inside a transaction, undone with it", async () => {
    const row = submissionRow();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await insertRow(trx, "submissions", row);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await database.db.selectFrom("submissions").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
  });

  it("rejects a duplicate with the database's own unique violation", async () => {
    const row = submissionRow();
    await insertRow(database.db, "submissions", row);
    const error = await insertRow(database.db, "submissions", { ...row, user_id: "someone-else" }).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
