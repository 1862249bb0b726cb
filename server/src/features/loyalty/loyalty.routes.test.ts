import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeAdmin, makeUserToken } from "../../test/factories";
import { createTestUser } from "../../test/users";
import { connectSocket } from "../../test/live";

describeEachDatabase("fast pass: balance and admin grants", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  beforeAll(async () => {
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());

  const grant = (json: unknown, token = adminToken) => http.post("fastpass/admin/grant", { json, token });

  it("starts a member at zero and sums the admin's grants by tier", async () => {
    const member = await createTestUser(server.deps);
    const empty = await http.get("loyalty/balance", { token: member.access_token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ available_tokens: 0, tokens_by_level: { "1": 0, "2": 0, "3": 0 } });

    const given = await grant({ user_id: member.user.user_id, source: "admin_grant", priority_level: 2, count: 2 });
    expect(given.status).toBe(200);
    expect(given.body).toEqual({
      user_id: member.user.user_id,
      priority_level: 2,
      count: 2,
      balance: { available_tokens: 2, tokens_by_level: { "1": 0, "2": 2, "3": 0 } },
    });
    // Tier and count default to 1.
    expect((await grant({ user_id: member.user.user_id, source: "admin_grant" })).status).toBe(200);
    const balance = await http.get("loyalty/balance", { token: member.access_token });
    expect(balance.body).toEqual({ available_tokens: 3, tokens_by_level: { "1": 1, "2": 2, "3": 0 } });

    const rows = await server.deps.db.selectFrom("fastpass_ledger").selectAll().where("user_id", "=", member.user.user_id).orderBy("priority_level").execute();
    expect(rows.map((r) => [r.source, r.priority_level, r.count, r.admin_id !== null])).toEqual([
      ["admin_grant", 1, 1, true],
      ["admin_grant", 2, 2, true],
    ]);
  });

  it("tells the member's open tab to refetch its balance, without putting the balance on the socket", async () => {
    const member = await createTestUser(server.deps);
    const socket = await connectSocket(`${server.wsUrl}/ws/public?user_id=${member.user.user_id}&token=${member.access_token}`);
    const other = await connectSocket(`${server.wsUrl}/ws/public`);
    try {
      await socket.next("connection_established");
      await grant({ user_id: member.user.user_id, source: "admin_grant", priority_level: 3, count: 1 });
      expect(await socket.next("loyalty_update")).toEqual({ type: "loyalty_update", user_id: member.user.user_id });
      await other.expectNone("loyalty_update", 200);
    } finally {
      await socket.close();
      await other.close();
    }
  });

  it("answers 401 to guests and admins asking for a balance, and keeps grants to active admins", async () => {
    expect(await http.get("loyalty/balance")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    expect((await http.get("loyalty/balance", { token: adminToken })).status).toBe(401);
    const member = await createTestUser(server.deps);
    const json = { user_id: member.user.user_id, source: "admin_grant", priority_level: 1, count: 1 };
    expect((await grant(json, member.access_token)).status).toBe(401);
    expect((await http.post("fastpass/admin/grant", { json })).status).toBe(401);
    const inactive = await makeAdmin(server.deps, { active: false });
    expect(await grant(json, inactive.accessToken)).toMatchObject({
      status: 403,
      body: { detail: "Admin account is not active. Please contact a super admin to activate your account." },
    });
    expect((await http.get("loyalty/balance", { token: member.access_token })).body.available_tokens).toBe(0);
  });

  describe("bad grants", () => {
    it("refuses an unknown member with 404", async () => {
      expect(await grant({ user_id: "nobody_at_all", source: "admin_grant", priority_level: 1, count: 1 })).toMatchObject({
        status: 404,
        body: { detail: "User not found" },
      });
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ["a count of 0", { count: 0 }, "count", "count must be between 1 and 100"],
      ["a count of 101", { count: 101 }, "count", "count must be between 1 and 100"],
      ["a fractional count", { count: 1.5 }, "count", "count must be between 1 and 100"],
      ["tier 0", { priority_level: 0 }, "priority_level", "priority_level must be 1, 2 or 3"],
      ["tier 4", { priority_level: 4 }, "priority_level", "priority_level must be 1, 2 or 3"],
      ["another source", { source: "watch_time" }, "source", "source must be admin_grant"],
      ["no user", { user_id: "" }, "user_id", "user_id is required"],
    ];
    for (const [name, values, field, msg] of cases) {
      it(`refuses ${name} with 422 and grants nothing`, async () => {
        const member = await createTestUser(server.deps);
        const response = await grant({ user_id: member.user.user_id, source: "admin_grant", priority_level: 1, count: 1, ...values });
        expect(response.status).toBe(422);
        expect(response.body.detail[0]).toMatchObject({ loc: ["body", field], msg });
        expect((await http.get("loyalty/balance", { token: member.access_token })).body.available_tokens).toBe(0);
      });
    }
  });

  it("refuses a watch ping without a video id", async () => {
    const token = await makeUserToken(server.deps);
    const response = await http.post("loyalty/watch-ping", { json: {}, token });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ["body", "videoId"], msg: "videoId is required" });
    expect((await http.post("loyalty/watch-ping", { json: { videoId: "abc" } })).status).toBe(401);
  });
});
