import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeUserToken } from "../../test/factories";
import { createTestUser } from "../../test/users";

describeEachDatabase("fast pass: the balances the Fast Pass Manager shows", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  beforeAll(async () => {
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());

  const balances = (json: unknown, token = adminToken) => http.post("fastpass/admin/balances", { json, token });
  const grant = (user_id: string, priority_level: number, count: number) =>
    http.post("fastpass/admin/grant", { token: adminToken, json: { user_id, source: "admin_grant", priority_level, count } });

  it("answers each listed member's tokens by tier, and an empty balance for anyone holding none", async () => {
    const [ana, ben] = [await createTestUser(server.deps), await createTestUser(server.deps)];
    await grant(ana.user.user_id, 1, 2);
    await grant(ana.user.user_id, 3, 1);
    const response = await balances({ user_ids: [ana.user.user_id, ben.user.user_id, "no-such-user", ana.user.user_id] });
    expect(response.status).toBe(200);
    expect(response.body.balances).toEqual({
      [ana.user.user_id]: { available_tokens: 3, tokens_by_level: { "1": 2, "2": 0, "3": 1 } },
      [ben.user.user_id]: { available_tokens: 0, tokens_by_level: { "1": 0, "2": 0, "3": 0 } },
      "no-such-user": { available_tokens: 0, tokens_by_level: { "1": 0, "2": 0, "3": 0 } },
    });
    expect((await balances({ user_ids: [] })).body).toEqual({ balances: {} });
  });

  it("keeps balances to admins and refuses a list that is not one, or too long", async () => {
    expect((await http.post("fastpass/admin/balances", { json: { user_ids: [] } })).status).toBe(401);
    expect((await balances({ user_ids: [] }, await makeUserToken(server.deps))).status).toBe(401);
    const notAList = await balances({ user_ids: "everyone" });
    expect(notAList.status).toBe(422);
    expect(notAList.body.detail[0]).toMatchObject({ loc: ["body", "user_ids"], msg: "user_ids must be a list of user ids" });
    const tooMany = await balances({ user_ids: Array.from({ length: 51 }, (_, i) => `user-${i}`) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].msg).toBe("At most 50 users at once");
  });
});
