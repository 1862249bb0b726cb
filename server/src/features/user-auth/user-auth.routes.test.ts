import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";

const PASSWORD = "correct horse battery";

describeEachDatabase("member sign-up, sign-in, renewal and sign-out", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_LOGIN_MAX: "1000" } });
    api = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  const register = (body: Record<string, unknown>) => api.post("auth/user/register", { json: body });
  const login = (username: string, password: string) => api.post("auth/user/login", { form: { username, password } });

  describe("POST auth/user/register", () => {
    it("creates the account and signs it in, lowercasing the username and e-mail", async () => {
      const response = await register({ username: "NewArtist", email: "New.Artist@Example.COM", password: PASSWORD });
      expect(response.status).toBe(201);
      expect(response.body.token_type).toBe("bearer");
      expect(response.body.access_token).toEqual(expect.any(String));
      expect(response.body.refresh_token).toEqual(expect.any(String));
      expect(response.body.user).toMatchObject({
        username: "newartist",
        display_name: "newartist",
        email: "new.artist@example.com",
        bio: null,
        total_submissions: 0,
        total_played: 0,
        submission_rate: 0,
        is_new_user: true,
        has_password: true,
        google_connected: false,
        preferences: { auto_fill_artist: true, email_notifications: false, public_profile: true },
      });
      expect(JSON.stringify(response.body)).not.toContain("password_hash");
      expect(JSON.stringify(response.body)).not.toContain(PASSWORD);
      const me = await api.get("user/me", { token: response.body.access_token });
      expect(me.status).toBe(200);
      expect(me.body.user_id).toBe(response.body.user.user_id);
    });

    it("keeps a chosen display name, script tags and all, as plain text", async () => {
      const response = await register({ username: "showname", email: "show@example.com", password: PASSWORD, display_name: "<script>alert(1)</script>" });
      expect(response.status).toBe(201);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.user.display_name).toBe("<script>alert(1)</script>");
    });

    it("refuses a username or e-mail already in use, whatever their case", async () => {
      await register({ username: "taken_name", email: "taken@example.com", password: PASSWORD });
      const sameName = await register({ username: "TAKEN_NAME", email: "other@example.com", password: PASSWORD });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual({ detail: "Username is already taken" });
      const sameEmail = await register({ username: "another_name", email: "TAKEN@Example.com", password: PASSWORD });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({ detail: "Email is already registered" });
    });

    it("gives exactly one of two simultaneous sign-ups with the same username", async () => {
      const attempts = await Promise.all(["a", "b", "c", "d"].map((s) => register({ username: "race_name", email: `race_${s}@example.com`, password: PASSWORD })));
      expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it.each([
      [{ email: "a@example.com", password: PASSWORD }, "username", "Username is required"],
      [{ username: "   ", email: "a@example.com", password: PASSWORD }, "username", "Username is required"],
      [{ username: "ab", email: "a@example.com", password: PASSWORD }, "username", "Username must be 3 to 30 characters long"],
      [{ username: "x".repeat(31), email: "a@example.com", password: PASSWORD }, "username", "Username must be 3 to 30 characters long"],
      [{ username: "\u0430dmin_cyr", email: "a@example.com", password: PASSWORD }, "username", "Username may only contain letters a-z, digits 0-9 and underscores"],
      [{ username: "kelvin\u212a", email: "a@example.com", password: PASSWORD }, "username", "Username may only contain letters a-z, digits 0-9 and underscores"],
      [{ username: "<script>", email: "a@example.com", password: PASSWORD }, "username", "Username may only contain letters a-z, digits 0-9 and underscores"],
      [{ username: "with space", email: "a@example.com", password: PASSWORD }, "username", "Username may only contain letters a-z, digits 0-9 and underscores"],
      [{ username: "me", email: "a@example.com", password: PASSWORD }, "username", "Username must be 3 to 30 characters long"],
      [{ username: "public", email: "a@example.com", password: PASSWORD }, "username", "This username is reserved"],
      [{ username: 12345, email: "a@example.com", password: PASSWORD }, "username", "Username is required"],
      [{ username: "valid_name", password: PASSWORD }, "email", "Email is required"],
      [{ username: "valid_name", email: "not-an-address", password: PASSWORD }, "email", "Please enter a valid email address"],
      [{ username: "valid_name", email: ["a@example.com"], password: PASSWORD }, "email", "Email is required"],
      [{ username: "valid_name", email: `${"a".repeat(250)}@example.com`, password: PASSWORD }, "email", "Please enter a valid email address"],
      [{ username: "valid_name", email: "a@example.com" }, "password", "Password is required"],
      [{ username: "valid_name", email: "a@example.com", password: "short" }, "password", "Password must be at least 8 characters long"],
      [{ username: "valid_name", email: "a@example.com", password: PASSWORD, display_name: "x".repeat(51) }, "display_name", "Display name must be at most 50 characters"],
      [{ username: "valid_name", email: "a@example.com", password: PASSWORD, display_name: "nul\u0000byte" }, "display_name", "Text may not contain control characters"],
    ])("refuses %j with a 422 on %s", async (body, field, message) => {
      const response = await register(body);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc: ["body", field], msg: message });
    });

    it("answers a body that is not JSON with a 400", async () => {
      const response = await api.request("POST", "auth/user/register", { headers: { "content-type": "application/json" } });
      expect(response.status).toBe(400);
      const broken = await fetch(`${server.baseUrl}/auth/user/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
      expect(broken.status).toBe(400);
    });
  });

  describe("POST auth/user/login", () => {
    beforeAll(async () => {
      await register({ username: "singer", email: "Singer@Example.com", password: PASSWORD });
    });

    it("signs in by username or e-mail, in any case, with a form body", async () => {
      for (const name of ["singer", "SINGER", "singer@example.com", "SINGER@EXAMPLE.COM", "  singer  "]) {
        const response = await login(name, PASSWORD);
        expect(response.status, name).toBe(200);
        expect(response.body.user.username).toBe("singer");
        expect(response.body.user.email).toBe("singer@example.com");
        expect(response.body.token_type).toBe("bearer");
      }
    });

    it("refuses a wrong password and an unknown account with the same message", async () => {
      for (const [name, password] of [
        ["singer", "wrong password"],
        ["nobody_here", PASSWORD],
        ["nobody@example.com", PASSWORD],
      ]) {
        const response = await login(name!, password!);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ detail: "Incorrect username or password" });
      }
    });

    it("refuses a name or password with a control character as malformed, before looking for an account", async () => {
      for (const [name, password, field] of [
        ["sing\u0000er", PASSWORD, "username"],
        ["singer", `${PASSWORD}\u0000`, "password"],
      ]) {
        const response = await login(name!, password!);
        expect(response.status).toBe(422);
        expect(response.body.detail[0]).toMatchObject({ loc: ["body", field], msg: "Text may not contain control characters" });
      }
    });

    it("says which field is missing", async () => {
      const noName = await api.post("auth/user/login", { form: { password: PASSWORD } });
      expect(noName.status).toBe(422);
      expect(noName.body.detail[0]).toMatchObject({ loc: ["body", "username"], msg: "Username or email is required" });
      const noPassword = await api.post("auth/user/login", { form: { username: "singer" } });
      expect(noPassword.status).toBe(422);
      expect(noPassword.body.detail[0]).toMatchObject({ loc: ["body", "password"], msg: "Password is required" });
    });
  });

  describe("POST auth/user/refresh and POST user/logout", () => {
    let session: { access_token: string; refresh_token: string; user: { user_id: string } };
    beforeAll(async () => {
      session = (await register({ username: "renewer", email: "renewer@example.com", password: PASSWORD })).body;
    });

    it("trades a refresh token (Bearer) for a new pair and the member's profile", async () => {
      const first = await login("renewer", PASSWORD);
      const renewed = await api.post("auth/user/refresh", { token: first.body.refresh_token });
      expect(renewed.status).toBe(200);
      expect(renewed.body.refresh_token).not.toBe(first.body.refresh_token);
      expect(renewed.body.user).toMatchObject({ username: "renewer", email: "renewer@example.com" });
      expect((await api.get("user/me", { token: renewed.body.access_token })).status).toBe(200);
      const again = await api.post("auth/user/refresh", { json: { refresh_token: renewed.body.refresh_token } });
      expect(again.status).toBe(200);
    });

    it("ends the whole login when an old refresh token is used again", async () => {
      const first = await login("renewer", PASSWORD);
      const renewed = await api.post("auth/user/refresh", { token: first.body.refresh_token });
      const replay = await api.post("auth/user/refresh", { token: first.body.refresh_token });
      expect(replay.status).toBe(401);
      const afterReplay = await api.post("auth/user/refresh", { token: renewed.body.refresh_token });
      expect(afterReplay.status).toBe(401);
      // Another login of the same member is untouched.
      expect((await api.post("auth/user/refresh", { token: session.refresh_token })).status).toBe(200);
    });

    it("refuses a missing, forged or access token as a refresh token", async () => {
      const missing = await api.post("auth/user/refresh");
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ detail: "No refresh token" });
      const fresh = await login("renewer", PASSWORD);
      for (const token of ["garbage", fresh.body.access_token, `${fresh.body.refresh_token.slice(0, -4)}AAAA`]) {
        expect((await api.post("auth/user/refresh", { token })).status).toBe(401);
      }
    });

    it("signs out the login named by the refresh token in the body, or as the Bearer token", async () => {
      const viaBody = await login("renewer", PASSWORD);
      const out = await api.post("user/logout", { token: viaBody.body.access_token, json: { refresh_token: viaBody.body.refresh_token } });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ detail: "Signed out" });
      expect((await api.post("auth/user/refresh", { token: viaBody.body.refresh_token })).status).toBe(401);

      const viaBearer = await login("renewer", PASSWORD);
      expect((await api.post("user/logout", { token: viaBearer.body.refresh_token })).status).toBe(200);
      expect((await api.post("auth/user/refresh", { token: viaBearer.body.refresh_token })).status).toBe(401);
      // Signing out twice is harmless.
      expect((await api.post("user/logout", { token: viaBearer.body.refresh_token })).status).toBe(200);
    });

    it("asks for the refresh token when sign-out gets none", async () => {
      const fresh = await login("renewer", PASSWORD);
      const none = await api.post("user/logout");
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ detail: "No refresh token" });
      const accessOnly = await api.post("user/logout", { token: fresh.body.access_token });
      expect(accessOnly.status).toBe(400);
      expect(accessOnly.body).toEqual({ detail: "Invalid refresh token" });
      expect((await api.post("auth/user/refresh", { token: fresh.body.refresh_token })).status).toBe(200);
    });
  });

  describe("member and admin tokens are not interchangeable", () => {
    it("refuses a member's tokens on admin calls", async () => {
      const member = await register({ username: "not_admin", email: "not_admin@example.com", password: PASSWORD });
      expect((await api.post("auth/admin/test-token", { token: member.body.access_token })).status).toBe(401);
      expect((await api.put("set/isQueueOn", { token: member.body.access_token, json: { state: "true" } })).status).toBe(401);
      expect((await api.post("auth/admin/refresh", { token: member.body.refresh_token })).status).toBe(401);
    });

    it("refuses an admin's tokens on member calls", async () => {
      const admin = await createTestAdmin(server.deps);
      const me = await api.get("user/me", { token: admin.accessToken });
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ detail: "Not authenticated" });
      expect((await api.put("user/me", { token: admin.accessToken, json: { bio: "x" } })).status).toBe(401);
      const adminLogin = await api.post("auth/admin", { form: { username: admin.admin.username, password: admin.password } });
      expect((await api.post("auth/user/refresh", { token: adminLogin.body.refresh_token })).status).toBe(401);
    });
  });
});

describeEachDatabase("sign-in rate limit", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_LOGIN_MAX: "3" } });
  });
  afterAll(() => server.close());

  it("slows down repeated sign-in attempts from one address", async () => {
    const api = httpClient(server.baseUrl);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await api.post("auth/user/login", { form: { username: "someone", password: "whatever1" } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.headers.get("retry-after")).toBeTruthy();
    expect(last!.body.retry_after).toEqual(expect.any(Number));
    const signUps: number[] = [];
    for (const name of ["limited_a", "limited_b", "limited_c", "limited_d"]) {
      signUps.push((await api.post("auth/user/register", { json: { username: name, email: `${name}@example.com`, password: PASSWORD } })).status);
    }
    expect(signUps).toEqual([201, 201, 201, 429]);
  });
});
