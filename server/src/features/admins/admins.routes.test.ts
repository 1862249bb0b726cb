import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";

describeEachDatabase("admin sign-in", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let host: TestAdmin;

  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    host = await createTestAdmin(server.deps, { username: "Host", password: "correct-horse-1", superAdmin: true });
  });
  afterAll(() => server.close());

  const login = (username: string, password: string) => http.post("auth/admin", { form: { username, password } });

  describe("POST auth/admin", () => {
    it("answers a bearer token pair whose access token shows the admin's profile", async () => {
      const response = await login("Host", "correct-horse-1");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: "bearer" });

      const profile = await http.post("auth/admin/test-token", { token: response.body.access_token });
      expect(profile.status).toBe(200);
      expect(profile.body).toEqual({
        admin_id: host.admin.admin_id,
        username: "Host",
        is_active: true,
        is_super_admin: true,
        created_at: host.admin.created_at,
      });
    });

    it("accepts the username in any case", async () => {
      expect((await login("hOST", "correct-horse-1")).status).toBe(200);
      expect((await login("  host ", "correct-horse-1")).status).toBe(200);
    });

    it("refuses a wrong password and an unknown username with the same message", async () => {
      for (const [username, password] of [
        ["Host", "wrong-password"],
        ["nobody", "correct-horse-1"],
      ] as const) {
        const response = await login(username, password);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ detail: "Incorrect username or password" });
      }
    });

    it("names each missing field in a 422", async () => {
      const response = await http.post("auth/admin", { form: { username: "Host" } });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([{ loc: ["body", "password"], msg: "Password is required", type: "invalid_type" }]);

      const empty = await http.post("auth/admin", { form: { username: " ", password: "x" } });
      expect(empty.status).toBe(422);
      expect(empty.body.detail[0]).toMatchObject({ loc: ["body", "username"], msg: "Username or email is required" });
    });

    it("lets an inactive admin sign in and shows the account as inactive", async () => {
      const sleeper = await createTestAdmin(server.deps, { active: false });
      const response = await login(sleeper.admin.username, sleeper.password);
      expect(response.status).toBe(200);
      const profile = await http.post("auth/admin/test-token", { token: response.body.access_token });
      expect(profile.body).toMatchObject({ username: sleeper.admin.username, is_active: false, is_super_admin: false });
    });
  });

  describe("POST auth/admin/test-token", () => {
    it("refuses a missing, forged, user or refresh token", async () => {
      const tokens = await server.deps.services.refreshTokens.issue(host.admin.admin_id, "admin");
      const userToken = await server.deps.tokens.signAccess(host.admin.admin_id, "user");
      for (const token of [undefined, "not-a-token", userToken, tokens.refresh_token]) {
        const response = await http.post("auth/admin/test-token", { token });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ detail: "Could not validate credentials" });
      }
    });
  });

  describe("POST auth/admin/refresh", () => {
    it("trades a refresh token for a new pair, once", async () => {
      const first = (await login("Host", "correct-horse-1")).body;
      const renewed = await http.post("auth/admin/refresh", { token: first.refresh_token });
      expect(renewed.status).toBe(200);
      expect(renewed.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: "bearer" });
      expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
      expect((await http.post("auth/admin/test-token", { token: renewed.body.access_token })).status).toBe(200);
    });

    it("ends the whole login when an already used refresh token comes back", async () => {
      const first = (await login("Host", "correct-horse-1")).body;
      const second = (await http.post("auth/admin/refresh", { token: first.refresh_token })).body;

      const replay = await http.post("auth/admin/refresh", { token: first.refresh_token });
      expect(replay.status).toBe(401);
      const afterReplay = await http.post("auth/admin/refresh", { token: second.refresh_token });
      expect(afterReplay.status).toBe(401);
    });

    it("refuses an access token, a user's refresh token and no token", async () => {
      const pair = (await login("Host", "correct-horse-1")).body;
      const userPair = await server.deps.services.refreshTokens.issue("some-user", "user");
      for (const token of [pair.access_token, userPair.refresh_token, undefined]) {
        expect((await http.post("auth/admin/refresh", { token })).status).toBe(401);
      }
    });
  });

  describe("POST auth/admin/logout", () => {
    it("revokes the login so its refresh token no longer works", async () => {
      const pair = (await login("Host", "correct-horse-1")).body;
      const response = await http.post("auth/admin/logout", { token: pair.refresh_token });
      expect(response.status).toBe(204);
      expect((await http.post("auth/admin/refresh", { token: pair.refresh_token })).status).toBe(401);
    });

    it("asks for a token", async () => {
      const response = await http.post("auth/admin/logout");
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: "Not authenticated" });
    });
  });
});
