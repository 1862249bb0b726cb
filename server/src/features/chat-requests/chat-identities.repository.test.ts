import { afterAll, beforeAll, expect, it } from "vitest";
import type { ChatIdentitiesTable } from "../../db/tables/chat";
import { recordingStatements } from "../../test/statements";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../test/test-app";
import { createChatIdentitiesRepository } from "./chat-identities.repository";

const identity = (id: string, platformUserId: string, displayName: string): ChatIdentitiesTable => ({
  id,
  platform: "twitch",
  platform_user_id: platformUserId,
  display_name: displayName,
  account_id: null,
  created_at: "2026-11-29T20:00:00.000Z",
  last_seen_at: "2026-11-29T20:00:00.000Z",
});

describeEachDatabase("chat identities in a raid", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("are made or renamed together, one statement for the identities asked at once, each caller given its own", async () => {
    const repository = createChatIdentitiesRepository(database.db);
    const known = await repository.upsert(identity("id-known", "1", "Known"));
    const { db, statements } = recordingStatements(database.db);
    const counting = createChatIdentitiesRepository(db);

    const [renamed, first, sameViewerAgain, second] = await Promise.all([
      counting.upsert(identity("id-ignored", "1", "Known Renamed")),
      counting.upsert(identity("id-first", "2", "First")),
      counting.upsert(identity("id-first-again", "2", "First Again")),
      counting.upsert(identity("id-second", "3", "Second")),
    ]);

    expect(statements).toEqual(["InsertQueryNode"]);
    // A known viewer keeps the identity (and its entries) under the new name.
    expect(renamed).toMatchObject({ id: known.id, display_name: "Known Renamed" });
    // The same new viewer twice in one turn is one identity, with the name it gave last.
    expect(first).toMatchObject({ id: "id-first", platform_user_id: "2", display_name: "First Again" });
    expect(sameViewerAgain).toEqual(first);
    expect(second).toMatchObject({ id: "id-second", display_name: "Second" });
    const stored = await database.db.selectFrom("chat_identities").select(["id", "display_name"]).orderBy("platform_user_id").execute();
    expect(stored).toEqual([
      { id: known.id, display_name: "Known Renamed" },
      { id: "id-first", display_name: "First Again" },
      { id: "id-second", display_name: "Second" },
    ]);
  });
});
