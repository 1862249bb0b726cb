import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../test/test-app";
import { submissionRow } from "../../test/submission-row";
import { backfillCanonicalKeys } from "./0015-links-and-bans";
import { rekeyLinks } from "./0017-web-link-keys";

describeEachDatabase("migration 0015: canonical keys of existing submissions", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("gives each link submitted before the migration its key, and leaves uploads and odd links without one", async () => {
    const rows = [
      { link: "https://music.youtube.com/watch?v=dQw4w9WgXcQ&t=5", file_key: null },
      { link: "https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC", file_key: null },
      { link: "https://Example.com/song/", file_key: null },
      { link: "file:/uploads/pending-email", file_key: null },
      { link: "http://localhost/old", file_key: null },
      { link: "file:/uploads/abc", file_key: "abc" },
    ].map((values) => ({ ...submissionRow({ status: "played" }), ...values, canonical_key: null }));
    await database.db.insertInto("submissions").values(rows).execute();
    await backfillCanonicalKeys(database.db as unknown as Kysely<unknown>);
    const stored = await database.db.selectFrom("submissions").select(["link", "canonical_key"]).execute();
    const keyOf = new Map(stored.map((row) => [row.link, row.canonical_key]));
    expect(rows.map((row) => keyOf.get(row.link))).toEqual(["youtube:dQw4w9WgXcQ", "spotify:track:4uLU6hMCjMI75M1A2tKUQC", "example.com/song", null, null, null]);
  });
});

describeEachDatabase("migration 0017: link keys that keep their query", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("gives other sites' links their query back and takes the key off YouTube addresses without a video id", async () => {
    const rows = [
      { link: "https://example.com/play?id=1&utm_source=x", canonical_key: "example.com/play", file_key: null },
      { link: "https://example.com/play?id=2", canonical_key: "example.com/play", file_key: null },
      { link: "https://www.youtube.com/watch?v=bad", canonical_key: "youtube.com/watch", file_key: null },
      { link: "https://youtu.be/dQw4w9WgXcQ?si=1", canonical_key: "youtube:dQw4w9WgXcQ", file_key: null },
      { link: "file:/uploads/pending-email", canonical_key: null, file_key: null },
      { link: "file:/uploads/abc", canonical_key: null, file_key: "abc" },
    ].map((values) => ({ ...submissionRow({ status: "played" }), ...values }));
    await database.db.insertInto("submissions").values(rows).execute();
    await rekeyLinks(database.db as unknown as Kysely<unknown>);
    const stored = await database.db.selectFrom("submissions").select(["link", "canonical_key"]).execute();
    const keyOf = new Map(stored.map((row) => [row.link, row.canonical_key]));
    expect(rows.map((row) => keyOf.get(row.link))).toEqual(["example.com/play?id=1", "example.com/play?id=2", null, "youtube:dQw4w9WgXcQ", null, null]);
  });
});
