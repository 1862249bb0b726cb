import { afterAll, beforeAll, expect, it } from "vitest";
import { recordingStatements } from "../../test/statements";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../test/test-app";
import { createTwitchRepository, type TwitchRedemptionRow } from "./twitch.repository";

const redemption = (id: string, viewerId: string): TwitchRedemptionRow => ({
  id,
  reward_id: "reward",
  viewer_id: viewerId,
  viewer_name: `Viewer ${viewerId}`,
  user_input: "https://youtu.be/dQw4w9WgXcQ",
  entry_id: null,
  refusal: null,
  final_status: null,
  redeemed_at: "2026-11-29T20:00:00.000Z",
});

describeEachDatabase("a raid of redemptions", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("is recorded, read against the connection and linked to its entries with one statement each per turn, a redelivery recorded once", async () => {
    const { db, statements } = recordingStatements(database.db);
    const repository = createTwitchRepository(db);

    const [connections, recorded] = await Promise.all([
      Promise.all([repository.connection(), repository.connection(), repository.connection()]),
      Promise.all([repository.insertRedemption(redemption("r1", "v1")), repository.insertRedemption(redemption("r2", "v2")), repository.insertRedemption(redemption("r1", "v1"))]),
    ]);
    expect(connections).toEqual([undefined, undefined, undefined]);
    // Only the first delivery of r1 is new: the viewer's points are handled once.
    expect(recorded).toEqual([true, true, false]);
    expect(await repository.insertRedemption(redemption("r2", "v2"))).toBe(false);
    expect(statements.sort()).toEqual(["InsertQueryNode", "InsertQueryNode", "SelectQueryNode"]);

    statements.length = 0;
    await Promise.all([repository.linkEntry("r1", "entry-1"), repository.linkEntry("r2", "entry-2")]);
    expect(statements).toEqual(["RawNode"]);
    expect(await repository.redemption("r1")).toMatchObject({ entry_id: "entry-1", viewer_name: "Viewer v1" });
    expect(await repository.redemption("r2")).toMatchObject({ entry_id: "entry-2" });
  });
});
