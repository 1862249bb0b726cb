import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { createTestUser } from "../../test/users";

const ROUNDS = 20;
const AT_ONCE = 5;

describeEachDatabase("refresh tokens used several times at once", (dialect) => {
  let server: TestApp;
  let http: HttpClient;

  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    await createTestAdmin(server.deps, { username: "racer", password: "correct-horse-1" });
  });
  afterAll(() => server.close());

  /**
   * Sends the same refresh token several times at once: at most one answer may carry a new pair, and
   * since the others reused the token, the login is over, the pair just issued included.
   */
  async function expectOneLoginEnds(path: string, refreshToken: string) {
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => http.post(path, { token: refreshToken })));
    const renewed = answers.filter((answer) => answer.status === 200);
    expect(renewed.length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(AT_ONCE - renewed.length);
    for (const answer of renewed) {
      expect((await http.post(path, { token: answer.body.refresh_token })).status).toBe(401);
    }
  }

  it("renews a member's login at most once and then ends it, the pair just issued included", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const member = await createTestUser(server.deps, { username: `racer_${round}` });
      await expectOneLoginEnds("auth/user/refresh", member.refresh_token);
    }
  });

  it("renews an admin's login at most once and then ends it, the pair just issued included", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const pair = (await http.post("auth/admin", { form: { username: "racer", password: "correct-horse-1" } })).body;
      await expectOneLoginEnds("auth/admin/refresh", pair.refresh_token);
    }
  });
});
