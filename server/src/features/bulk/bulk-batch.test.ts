import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { sql } from "kysely";
import { BULK_MESSAGES } from "@common/bulk";
import { MESSAGES } from "@common/messages";
import type { DomainEvent } from "../../events/domain-events";
import pg from "pg";
import { TEST_POSTGRES_URL, describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeSubmission, resetQueue } from "../../test/factories";

const RUN = "scheduler/bulk-operations";

describeEachDatabase("bulk operations: one transaction, one batch of live updates", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const run = (json: unknown) => http.post(RUN, { token, json });
  const statuses = async (ids: string[]) => {
    const rows = await server.deps.db.selectFrom("submissions").select(["user_id", "status"]).where("user_id", "in", ids).execute();
    return Object.fromEntries(rows.map((row) => [row.user_id, row.status]));
  };
  const users = async (count: number, values: Parameters<typeof makeSubmission>[1] = {}) => {
    const made: { id: string; user_id: string }[] = [];
    for (let i = 0; i < count; i += 1) made.push((await makeSubmission(server.deps, values)).row);
    return made;
  };
  const recordEvents = () => {
    const events: DomainEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));
    return { events, stop };
  };

  it("sends an admin one queue_update per list after moving 20 users, not one per user", async () => {
    const selected = (await users(20)).map((u) => u.user_id);
    await users(1); // stays in Waiting
    const admin = await connectSocket(`${server.wsUrl}/ws/admin?token=${token}`);
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    await Promise.all([admin.next("connection_established"), viewer.next("connection_established")]);
    const { events, stop } = recordEvents();

    expect((await run({ operation: "move", user_ids: selected, target_queue: "hold" })).body).toMatchObject({ success_count: 20, failed_count: 0 });
    for (const socket of [admin, viewer]) {
      const updates = [await socket.next("queue_update"), await socket.next("queue_update")];
      expect(updates).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: "queue_update", queue_type: "waiting", total_count: 1 }),
          expect.objectContaining({ type: "queue_update", queue_type: "on_hold", total_count: 20 }),
        ]),
      );
      await socket.expectNone("queue_update");
    }
    stop();
    expect(events.map((e) => e.name)).toEqual(["queue.bulk_changed"]);
    const [bulk] = events;
    if (bulk?.name !== "queue.bulk_changed") throw new Error("no bulk event");
    expect(bulk.payload.changes.map((c) => [c.name, c.payload.from, c.payload.entry.status])).toEqual(selected.map(() => ["submission.held", "waiting", "on_hold"]));
    await Promise.all([admin.close(), viewer.close()]);
  });

  it("announces nothing when no entry could change", async () => {
    const [held] = await users(1);
    const admin = await connectSocket(`${server.wsUrl}/ws/admin?token=${token}`);
    await admin.next("connection_established");
    const response = await run({ operation: "release", user_ids: [held!.user_id, "guest_gone"] });
    expect(response.body).toMatchObject({ success_count: 0, failed_count: 2 });
    await admin.expectNone("queue_update");
    await admin.close();
  });

  it("undoes every change of the operation when the database fails part-way", async () => {
    const made = await users(3);
    // Entries are changed in id order: the last one fails after the others were written.
    const failing = [...made].sort((a, b) => (a.id < b.id ? -1 : 1))[2]!;
    if (dialect === "postgres") {
      await sql`create function bulk_test_refuse() returns trigger as $$ begin raise exception 'refused by the test'; end $$ language plpgsql`.execute(server.deps.db);
      await sql`create trigger bulk_test_refuse before update on submissions for each row when (new.id = ${sql.lit(failing.id)}) execute function bulk_test_refuse()`.execute(
        server.deps.db,
      );
    } else {
      await sql`create trigger bulk_test_refuse before update on submissions when new.id = ${sql.lit(failing.id)} begin select raise(abort, 'refused by the test'); end`.execute(
        server.deps.db,
      );
    }
    const admin = await connectSocket(`${server.wsUrl}/ws/admin?token=${token}`);
    await admin.next("connection_established");
    try {
      const response = await run({ operation: "move", user_ids: made.map((u) => u.user_id), target_queue: "hold" });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ detail: MESSAGES.serverError });
      expect(Object.values(await statuses(made.map((u) => u.user_id)))).toEqual(["waiting", "waiting", "waiting"]);
      await admin.expectNone("queue_update");
    } finally {
      await sql`drop trigger bulk_test_refuse${sql.raw(dialect === "postgres" ? " on submissions" : "")}`.execute(server.deps.db);
      if (dialect === "postgres") await sql`drop function bulk_test_refuse()`.execute(server.deps.db);
      await admin.close();
    }
    expect((await run({ operation: "move", user_ids: made.map((u) => u.user_id), target_queue: "hold" })).body.success_count).toBe(3);
  });

  it("moves each entry once when two admins send the same move together", async () => {
    const ids = (await users(10)).map((u) => u.user_id);
    const { events, stop } = recordEvents();
    const [a, b] = await Promise.all([
      run({ operation: "move", user_ids: ids, target_queue: "active" }),
      run({ operation: "move", user_ids: [...ids].reverse(), target_queue: "active" }),
    ]);
    stop();
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.success_count + b!.body.success_count).toBe(10);
    expect(a!.body.failed_count + b!.body.failed_count).toBe(10);
    for (const failure of [...a!.body.failures, ...b!.body.failures]) expect(failure.reason).toBe(BULK_MESSAGES.alreadyThere("Now Playing"));
    const active = (await http.get("active-queuer/queue/admin", { token })).body as { user_id: string }[];
    expect(active.map((e) => e.user_id).sort()).toEqual([...ids].sort());
    const moved = events.flatMap((e) => (e.name === "queue.bulk_changed" ? e.payload.changes.map((c) => c.payload.entry.user_id) : []));
    expect(moved.sort()).toEqual([...ids].sort());
  });

  it("leaves every entry in one consistent state when a hold and a delete race", async () => {
    const ids = (await users(10)).map((u) => u.user_id);
    const [hold, remove] = await Promise.all([run({ operation: "move", user_ids: ids, target_queue: "hold" }), run({ operation: "remove", user_ids: ids })]);
    expect(remove!.body).toEqual({ success_count: 10, failed_count: 0, failures: [] });
    expect(hold!.body.success_count + hold!.body.failed_count).toBe(10);
    for (const failure of hold!.body.failures) expect(failure.reason).toBe(MESSAGES.entryNotFound);
    expect(Object.values(await statuses(ids))).toEqual(ids.map(() => "removed"));
    const rows = await server.deps.db.selectFrom("submissions").select("user_id").where("user_id", "in", ids).execute();
    expect(rows).toHaveLength(10);
  });

  if (dialect === "postgres") {
    /** Waits until some session waits for a lock `pid` holds (the bulk, stuck on the held entry). */
    async function waitUntilBlockedBy(pid: number) {
      for (let tries = 0; tries < 200; tries += 1) {
        const { rows } = await sql<{ blocked: number }>`select count(*)::int as blocked from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(server.deps.db);
        if (rows[0]!.blocked > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("the bulk operation never waited for the held entry");
    }

    it("comes through a deadlock with another writer without an error, changing every entry once", async () => {
      const made = await users(3);
      const [first, , last] = [...made].sort((a, b) => (a.id < b.id ? -1 : 1));
      const other = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${server.database.pgSchema}` });
      await other.connect();
      try {
        // Another writer holds the last entry: the bulk locks the first ones, then waits for it...
        await other.query("begin");
        await other.query("update submissions set message = 'held elsewhere' where id = $1", [last!.id]);
        const otherPid = (await other.query("select pg_backend_pid() as pid")).rows[0].pid as number;
        const bulk = run({ operation: "move", user_ids: made.map((u) => u.user_id), target_queue: "hold" });
        await waitUntilBlockedBy(otherPid);
        // ...while that writer now waits for the first: a deadlock. PostgreSQL aborts whichever side checks
        // first: usually the bulk (waiting longer), which runs again; otherwise the other writer gives up.
        const crossing = await other.query("update submissions set message = 'held elsewhere' where id = $1", [first!.id]).then(
          () => "done",
          (error: { code?: string }) => error.code,
        );
        expect(["done", "40P01"]).toContain(crossing);
        await other.query(crossing === "done" ? "commit" : "rollback");
        expect((await bulk).body).toEqual({ success_count: 3, failed_count: 0, failures: [] });
      } finally {
        await other.end();
      }
      expect(Object.values(await statuses(made.map((u) => u.user_id)))).toEqual(["on_hold", "on_hold", "on_hold"]);
    });
  }
});
