import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BULK_MESSAGES } from "@common/bulk";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES } from "@common/queue";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeAdmin, makeSubmission, makeUserToken, resetQueue } from "../../test/factories";
import { newId } from "../../lib/ids";

const RUN = "scheduler/bulk-operations";
const TYPES = "scheduler/bulk-operations/types";

describeEachDatabase("bulk operations", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  let inactiveToken: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
    inactiveToken = (await makeAdmin(server.deps, { active: false })).accessToken;
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const run = (json: unknown, as = token) => http.post(RUN, { token: as, json });
  const list = async (path: string) => ((await http.get(path, { token })).body as { user_id: string; priority_level: number }[]).map((e) => e.user_id);
  const waiting = () => list("queuer/queue/admin");
  const onHold = () => list("queuer/on-hold/admin");
  const active = () => list("active-queuer/queue/admin");
  const users = async (count: number, values: Parameters<typeof makeSubmission>[1] = {}) => {
    const made: string[] = [];
    for (let i = 0; i < count; i += 1) made.push((await makeSubmission(server.deps, values)).row.user_id);
    return made;
  };

  describe("the operation types", () => {
    it("lists each operation with its name, description and whether it destroys", async () => {
      const response = await http.get(TYPES, { token: inactiveToken });
      expect(response.status).toBe(200);
      const operations = response.body.operations as { operation: string; name: string; description: string; destructive: boolean }[];
      expect(operations.map((o) => o.operation)).toEqual([
        "move",
        "release",
        "set_priority_premium",
        "set_priority_vip",
        "set_priority_super_vip",
        "set_priority_regular",
        "remove",
      ]);
      for (const operation of operations) expect(operation.description.length).toBeGreaterThan(10);
      expect(operations.filter((o) => o.destructive).map((o) => o.name)).toEqual(["Delete from queue"]);
      expect(operations.find((o) => o.operation === "move")).toMatchObject({ name: "Move to queue", uses_target_queue: true });
    });

    it("asks for an admin token", async () => {
      const userToken = await makeUserToken(server.deps);
      for (const as of [undefined, userToken]) {
        expect((await http.get(TYPES, { token: as })).status).toBe(401);
        expect((await http.post(RUN, { token: as, json: { operation: "remove", user_ids: ["x"] } })).status).toBe(401);
      }
    });
  });

  describe("bad input", () => {
    it("answers the spec's sentence without an operation or a user", async () => {
      const [user] = await users(1);
      for (const body of [
        {},
        { user_ids: [user] },
        { operation: "", user_ids: [user], target_queue: "hold" },
        { operation: "move", target_queue: "hold" },
        { operation: "move", user_ids: [], target_queue: "hold" },
        { operation: "move", user_ids: ["  "], target_queue: "hold" },
        { operation: null, user_ids: null },
      ]) {
        const response = await run(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toEqual({ detail: "Please select an operation and at least one user" });
      }
      expect(await waiting()).toEqual([user]);
    });

    it("names the choices for an unknown operation or target queue", async () => {
      const [user] = await users(1);
      const unknown = await run({ operation: "explode", user_ids: [user] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toBe(
        "Unknown bulk operation. Choose one of: move, release, set_priority_premium, set_priority_vip, set_priority_super_vip, set_priority_regular, remove",
      );
      expect((await run({ operation: "move", user_ids: [user], target_queue: "lobby" })).body).toEqual({ detail: BULK_MESSAGES.unknownTarget });
      expect((await run({ operation: "move", user_ids: [user] })).body).toEqual({ detail: BULK_MESSAGES.chooseTarget });
      expect((await run({ operation: "move", user_ids: [user], target_queue: "lobby" })).status).toBe(400);
      expect((await run({ operation: "move", user_ids: "everyone", target_queue: "hold" })).status).toBe(422);
      expect((await run({ operation: "remove", user_ids: [user], reason: "x".repeat(501) })).status).toBe(422);
      expect(await waiting()).toEqual([user]);
    });

    it("refuses an inactive admin with the spec's message and changes nothing", async () => {
      const [user] = await users(1);
      const response = await run({ operation: "remove", user_ids: [user] }, inactiveToken);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.adminInactive });
      expect(await waiting()).toEqual([user]);
    });
  });

  describe("each operation", () => {
    it("holds waiting users, with the reason given", async () => {
      const selected = await users(3);
      const [other] = await users(1);
      expect((await run({ operation: "move", user_ids: selected, target_queue: "hold", reason: "Stepped away" })).body).toEqual({
        success_count: 3,
        failed_count: 0,
        failures: [],
      });
      expect(await onHold()).toEqual(selected);
      expect(await waiting()).toEqual([other]);
      const audit = await http.get("audit/admin?action=bulk.operation", { token });
      const records = audit.body.records as { submitter_id: string; reason: string; details: Record<string, unknown> }[];
      expect(records.map((record) => record.submitter_id).sort()).toEqual([...selected].sort());
      expect(records[0]).toMatchObject({ reason: "Stepped away", details: { operation: "move", from: "waiting", to: "on_hold" } });
    });

    it("brings held and playing users back to Waiting, telling the held ones", async () => {
      const [held] = await users(1, { status: "on_hold", hold_reason: "admin" });
      const [playing] = await users(1, { status: "active", activated_at: new Date().toISOString() });
      const [alreadyWaiting] = await users(1);
      const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${held}`);
      await submitter.next("connection_established");
      const response = await run({ operation: "move", user_ids: [held, playing, alreadyWaiting], target_queue: "waiting" });
      expect(response.body).toEqual({ success_count: 2, failed_count: 1, failures: [{ user_id: alreadyWaiting, reason: "Already in Waiting" }] });
      expect(await waiting()).toEqual([held, playing, alreadyWaiting]);
      expect(await submitter.next("released_from_hold")).toMatchObject({ message: MESSAGES.releasedFromHold });
      await submitter.close();
    });

    it("moves users to Now Playing unless their upload is not scanned clean", async () => {
      const key = `uploads/${newId()}.mp3`;
      const now = new Date().toISOString();
      await server.deps.db
        .insertInto("files")
        .values({
          key,
          original_name: "a.mp3",
          declared_type: "audio/mpeg",
          content_type: null,
          size: 10,
          status: "pending",
          reason: null,
          duration_seconds: null,
          scan_started_at: null,
          scan_attempts: 0,
          created_at: now,
          uploaded_at: now,
          scanned_at: null,
          deleted_at: null,
        })
        .execute();
      const [first] = await users(1);
      const [held] = await users(1, { status: "on_hold", hold_reason: "inactivity" });
      const [unscanned] = await users(1, { file_key: key, link: `file:/uploads/${key}` });
      const response = await run({ operation: "move", user_ids: [first, held, unscanned], target_queue: "active" });
      expect(response.body).toEqual({ success_count: 2, failed_count: 1, failures: [{ user_id: unscanned, reason: QUEUE_MESSAGES.fileNotClean }] });
      expect(await active()).toEqual([first, held]);
      expect(await waiting()).toEqual([unscanned]);
    });

    it("releases held users and lists the others as failures, in the order given", async () => {
      const held = await users(2, { status: "on_hold", hold_reason: "admin" });
      const [notHeld] = await users(1);
      const response = await run({ operation: "release", user_ids: [held[0], notHeld, "guest_nobody", held[1]], target_queue: "waiting" });
      expect(response.body).toEqual({
        success_count: 2,
        failed_count: 2,
        failures: [
          { user_id: notHeld, reason: QUEUE_MESSAGES.notOnHold },
          { user_id: "guest_nobody", reason: MESSAGES.entryNotFound },
        ],
      });
      expect(await onHold()).toEqual([]);
    });

    it("sets a priority tier, which reorders Waiting", async () => {
      const [first, second, third] = await users(3);
      const response = await run({ operation: "set_priority_vip", user_ids: [third, second], target_queue: "waiting" });
      expect(response.body).toMatchObject({ success_count: 2, failed_count: 0 });
      expect(await waiting()).toEqual([second, third, first]);
      const again = await run({ operation: "set_priority_vip", user_ids: [third] });
      expect(again.body.failures).toEqual([{ user_id: third, reason: "Already VIP" }]);
      expect((await run({ operation: "set_priority_regular", user_ids: [third, second] })).body.success_count).toBe(2);
      expect(await waiting()).toEqual([first, second, third]);
    });

    it("deletes entries from every list, and counts a user named twice once", async () => {
      const [waitingUser] = await users(1);
      const [heldUser] = await users(1, { status: "on_hold", hold_reason: "admin" });
      const [playingUser] = await users(1, { status: "active", activated_at: new Date().toISOString() });
      const response = await run({ operation: "remove", user_ids: [waitingUser, heldUser, playingUser, waitingUser], target_queue: "waiting" });
      expect(response.body).toEqual({ success_count: 3, failed_count: 0, failures: [] });
      expect([await waiting(), await onHold(), await active()]).toEqual([[], [], []]);
      expect((await run({ operation: "remove", user_ids: [waitingUser] })).body.failures).toEqual([{ user_id: waitingUser, reason: MESSAGES.entryNotFound }]);
    });
  });
});
