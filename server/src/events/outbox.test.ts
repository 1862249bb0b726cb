import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, reopenTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../test/test-app";
import { httpClient } from "../test/http";
import { makeAdmin, makeSubmission, resetQueue } from "../test/factories";
import { createFakeClock } from "../test/fake-clock";
import { submissionRow } from "../test/submission-row";
import { summarize } from "../features/queue/queue-events";
import { quietLog } from "../test/redis";
import { createOutbox, type Outbox } from "./outbox";
import type { DomainEventMap } from "./domain-events";

const played = (id: string): DomainEventMap["submission.played"] => ({
  entry: summarize(submissionRow({ id, status: "played" })),
  from: "active",
  played_at: "2026-11-22T03:00:00.000Z",
});

describeEachDatabase("the outbox: side effects that run once", (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let secondHandle: TestDatabase;
  const clock = createFakeClock(new Date("2026-11-22T03:00:00.000Z"));
  // Each instance's own outbox over its own connection, as two processes would have.
  let outboxA: Outbox;
  let outboxB: Outbox;

  beforeAll(async () => {
    a = await startTestApp(dialect, { clock });
    secondHandle = reopenTestDatabase(a.database);
    b = await startTestApp(dialect, { database: secondHandle, clock });
  });
  afterAll(async () => {
    await b.close();
    await secondHandle.close();
    await a.close();
  });
  beforeEach(async () => {
    await a.database.db.deleteFrom("outbox").execute();
    outboxA = createOutbox({ db: a.database.db, clock, log: quietLog });
    outboxB = createOutbox({ db: secondHandle.db, clock, log: quietLog });
  });

  it("keeps one row per key, whichever instance enqueues it and how often", async () => {
    const ran: string[] = [];
    outboxA.handle("submission.played", async (payload) => void ran.push(payload.entry.id));
    for (const db of [a.database.db, secondHandle.db, a.database.db]) {
      await db.transaction().execute((trx) => outboxA.enqueue(trx, "submission.played", played("keyed"), "play:keyed"));
    }
    expect(await outboxA.runDue()).toBe(1);
    expect(ran).toEqual(["keyed"]);
  });

  it("runs each side effect exactly once when two instances drain the outbox at the same time", async () => {
    const ran: string[] = [];
    const record = async (payload: DomainEventMap["submission.played"]) => void ran.push(payload.entry.id);
    outboxA.handle("submission.played", record);
    outboxB.handle("submission.played", record);
    const ids = Array.from({ length: 30 }, (_, i) => `play-${i}`);
    await a.database.db.transaction().execute(async (trx) => {
      for (const id of ids) await outboxA.enqueue(trx, "submission.played", played(id));
    });

    const [doneA, doneB] = await Promise.all([outboxA.runDue(), outboxB.runDue()]);
    expect(doneA + doneB).toBe(30);
    expect(ran.sort()).toEqual([...ids].sort());
    expect(await Promise.all([outboxA.runDue(), outboxB.runDue()])).toEqual([0, 0]);
  });

  it("writes nothing when the change's transaction rolls back", async () => {
    const ran: string[] = [];
    outboxA.handle("submission.played", async (payload) => void ran.push(payload.entry.id));
    await expect(
      a.database.db.transaction().execute(async (trx) => {
        await outboxA.enqueue(trx, "submission.played", played("rolled-back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outboxA.runDue()).toBe(0);
    expect(ran).toEqual([]);
  });

  it("retries a failed side effect after its backoff, on whichever instance is free, and then runs it once", async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error("mail server down");
    };
    outboxA.handle("submission.played", flaky);
    outboxB.handle("submission.played", flaky);
    await a.database.db.transaction().execute((trx) => outboxA.enqueue(trx, "submission.played", played("flaky")));

    expect(await outboxA.runDue()).toBe(0);
    const [row] = await a.database.db.selectFrom("outbox").selectAll().execute();
    expect(row).toMatchObject({ attempts: 1, last_error: "mail server down", done_at: null, failed_at: null });
    expect(await outboxB.runDue()).toBe(0);
    expect(calls).toBe(1);

    clock.advance(5_000);
    expect(await outboxB.runDue()).toBe(1);
    expect(calls).toBe(2);
    clock.advance(60_000);
    expect(await outboxA.runDue()).toBe(0);
    expect(calls).toBe(2);
  });

  it("sets a row aside after 8 failed attempts, unless its handler retries forever, and then delivers it when it recovers", async () => {
    let down = true;
    outboxA.handle("submission.played", async () => {
      throw new Error("counter down");
    });
    outboxA.handle(
      "mail.send",
      async () => {
        if (down) throw new Error("mail server down");
      },
      { retryForever: true },
    );
    await a.database.db.transaction().execute(async (trx) => {
      await outboxA.enqueue(trx, "submission.played", played("given-up"), "given-up");
      await outboxA.enqueue(trx, "mail.send", { kind: "up_next", subscription_id: "s", track_title: "t" }, "kept");
    });
    // A day of ticks five minutes apart; past the first hour a failing row is due hourly.
    for (let tick = 0; tick < 24 * 12; tick += 1) {
      await outboxA.runDue();
      clock.advance(5 * 60_000);
    }
    const rows = async () => a.database.db.selectFrom("outbox").select(["id", "attempts", "failed_at", "done_at"]).orderBy("id").execute();
    const [givenUp, kept] = await rows();
    expect(givenUp).toMatchObject({ id: "given-up", attempts: 8, failed_at: expect.any(String) });
    expect(kept).toMatchObject({ id: "kept", failed_at: null, done_at: null });
    expect(kept!.attempts).toBeGreaterThan(24);

    down = false;
    clock.advance(3_600_000);
    expect(await outboxA.runDue()).toBe(1);
    expect((await rows())[1]).toMatchObject({ id: "kept", done_at: expect.any(String) });
  });

  it("takes over a row whose instance stopped while running it once the claim runs out", async () => {
    const ran: string[] = [];
    outboxB.handle("submission.played", async (payload) => void ran.push(payload.entry.id));
    await a.database.db.transaction().execute((trx) => outboxA.enqueue(trx, "submission.played", played("orphan")));
    // An instance that claimed the row and died before finishing.
    await a.database.db
      .updateTable("outbox")
      .set({ claimed_by: "gone", claimed_until: new Date(clock.now().getTime() + 60_000).toISOString() })
      .execute();

    expect(await outboxB.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await outboxB.runDue()).toBe(1);
    expect(ran).toEqual(["orphan"]);
  });

  it("writes a song played from Now Playing to the outbox with the change, for consumers that count it once", async () => {
    await resetQueue(a.deps);
    const token = (await makeAdmin(a.deps)).accessToken;
    const { row } = await makeSubmission(a.deps, { status: "active", activated_at: clock.now().toISOString() });
    const response = await httpClient(a.baseUrl).delete(`active-queuer/${row.user_id}?is_played=true`, { token });
    expect(response.status).toBe(200);

    const received: DomainEventMap["submission.played"][] = [];
    outboxB.handle("submission.played", async (payload) => void received.push(payload));
    expect(await outboxB.runDue()).toBe(1);
    expect(received).toEqual([expect.objectContaining({ entry: expect.objectContaining({ id: row.id, user_id: row.user_id, status: "played" }), from: "active" })]);
  });
});
