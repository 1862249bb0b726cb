import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { createTestUser, type TestUser } from "../../test/users";

describeEachDatabase("a member's own account, usernames and public profiles", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestApp(dialect);
    api = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  describe("GET and PUT user/me", () => {
    let member: TestUser;
    beforeAll(async () => {
      member = await createTestUser(server.deps, { username: "profile_owner", email: "Owner@Example.com" });
    });

    it("needs a member token", async () => {
      const response = await api.get("user/me");
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: "Not authenticated" });
      expect((await api.get("user/me", { token: "not-a-token" })).status).toBe(401);
    });

    it("shows the member every field of their account, e-mail included, never the password", async () => {
      const response = await api.get("user/me", { token: member.access_token });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(
        [
          "user_id",
          "username",
          "display_name",
          "email",
          "avatar_url",
          "default_artist_name",
          "default_youtube_username",
          "preferences",
          "total_submissions",
          "total_played",
          "submission_rate",
          "created_at",
          "last_active",
          "last_submission_at",
          "is_new_user",
          "bio",
          "location",
          "website_url",
          "youtube_channel_id",
          "youtube_channel_title",
          "has_password",
          "google_connected",
        ].sort(),
      );
      expect(response.body.email).toBe("owner@example.com");
    });

    it("saves the bio, defaults and preferences, merging preferences field by field", async () => {
      const saved = await api.put("user/me", {
        token: member.access_token,
        json: {
          bio: "  I make <b>loud</b> music.\nLine two.  ",
          default_artist_name: "The Owners",
          default_youtube_username: "OwnerTube",
          preferences: { auto_fill_artist: false },
          website_url: "https://owner.example.com/music",
          location: "Berlin",
          display_name: "Owner Person",
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        bio: "I make <b>loud</b> music.\nLine two.",
        default_artist_name: "The Owners",
        default_youtube_username: "OwnerTube",
        preferences: { auto_fill_artist: false, email_notifications: false, public_profile: true },
        website_url: "https://owner.example.com/music",
        location: "Berlin",
        display_name: "Owner Person",
      });
      const next = await api.put("user/me", { token: member.access_token, json: { preferences: { email_notifications: true } } });
      expect(next.body.preferences).toEqual({ auto_fill_artist: false, email_notifications: true, public_profile: true });
      expect(next.body.bio).toBe("I make <b>loud</b> music.\nLine two.");
      const cleared = await api.put("user/me", { token: member.access_token, json: { bio: "", website_url: null } });
      expect(cleared.body.bio).toBeNull();
      expect(cleared.body.website_url).toBeNull();
      expect((await api.get("user/me", { token: member.access_token })).body.preferences.email_notifications).toBe(true);
    });

    it("takes a bio of exactly 500 characters and refuses 501", async () => {
      const full = await api.put("user/me", { token: member.access_token, json: { bio: "b".repeat(500) } });
      expect(full.status).toBe(200);
      expect(full.body.bio).toHaveLength(500);
      const over = await api.put("user/me", { token: member.access_token, json: { bio: "b".repeat(501) } });
      expect(over.status).toBe(422);
      expect(over.body.detail[0]).toMatchObject({ loc: ["body", "bio"], msg: "Bio must be at most 500 characters" });
    });

    it.each([
      [{ bio: 42 }, "bio"],
      [{ bio: "nul\u0000" }, "bio"],
      [{ preferences: { public_profile: "false" } }, "preferences"],
      [{ preferences: "all" }, "preferences"],
      [{ website_url: "javascript:alert(document.cookie)" }, "website_url"],
      [{ website_url: "not a url" }, "website_url"],
      [{ display_name: "" }, "display_name"],
      [{ display_name: "tab\there" }, "display_name"],
      [{ default_artist_name: "a".repeat(201) }, "default_artist_name"],
      [{ location: ["Berlin"] }, "location"],
      [{ username: "Bad Name!" }, "username"],
      [{ username: "\u0440rofile_owner" }, "username"],
    ])("refuses %j", async (body, field) => {
      const response = await api.put("user/me", { token: member.access_token, json: body });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc.slice(0, 2)).toEqual(["body", field]);
    });

    it("ignores fields a member may not set", async () => {
      const before = (await api.get("user/me", { token: member.access_token })).body;
      const response = await api.put("user/me", {
        token: member.access_token,
        json: { email: "evil@example.com", user_id: "someone-else", total_played: 99, password_hash: "x", created_at: "2000-01-01T00:00:00.000Z" },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: before.email, user_id: before.user_id, total_played: 0, created_at: before.created_at });
    });

    it("changes the username under the spec's rules: lowercased, unique whatever the case", async () => {
      const other = await createTestUser(server.deps, { username: "occupied" });
      const taken = await api.put("user/me", { token: member.access_token, json: { username: "OCCUPIED" } });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ detail: "Username is already taken" });
      const renamed = await api.put("user/me", { token: member.access_token, json: { username: "New_Owner_Name" } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.username).toBe("new_owner_name");
      expect((await api.get("user/new_owner_name")).status).toBe(200);
      expect((await api.get("user/profile_owner")).status).toBe(404);
      // The old name is free again; keeping one's own name is no conflict.
      const keep = await api.put("user/me", { token: other.access_token, json: { username: "occupied" } });
      expect(keep.status).toBe(200);
      const login = await api.post("auth/user/login", { form: { username: "new_owner_name", password: member.password } });
      expect(login.status).toBe(200);
    });
  });

  describe("GET user/check-username/{username}", () => {
    it("answers whether a name is free, case and rules included", async () => {
      const member = await createTestUser(server.deps, { username: "checked_name" });
      expect((await api.get("user/check-username/free_name_1")).body).toEqual({ available: true });
      const taken = await api.get("user/check-username/Checked_Name");
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual({ available: false, detail: "Username is already taken" });
      expect((await api.get("user/check-username/checked_name", { token: member.access_token })).body).toEqual({ available: true });
      for (const bad of ["ab", "has%20space", "%D0%B0bc_cyr", "%3Cscript%3E", "me", "x".repeat(31)]) {
        const response = await api.get(`user/check-username/${bad}`);
        expect(response.status, bad).toBe(200);
        expect(response.body.available, bad).toBe(false);
        expect(response.body.detail, bad).toEqual(expect.any(String));
      }
    });
  });

  describe("GET user/{username}, its stats and history", () => {
    let visible: TestUser;
    let hidden: TestUser;
    beforeAll(async () => {
      visible = await createTestUser(server.deps, { username: "open_book", email: "open@example.com" });
      hidden = await createTestUser(server.deps, { username: "closed_book", email: "closed@example.com", publicProfile: false });
    });

    it("shows a public profile to anyone, without e-mail or settings", async () => {
      for (const path of ["user/open_book", "user/OPEN_BOOK", "user/@open_book"]) {
        const response = await api.get(path);
        expect(response.status, path).toBe(200);
        expect(response.body).toMatchObject({ user_id: visible.user.user_id, username: "open_book", total_submissions: 0, is_new_user: true });
        expect(response.body).not.toHaveProperty("email");
        expect(response.body).not.toHaveProperty("preferences");
        expect(JSON.stringify(response.body)).not.toContain("open@example.com");
      }
      const stats = await api.get("user/open_book/stats");
      expect(stats.body).toEqual({ total_submissions: 0, total_played: 0, submission_rate: 0, last_submission_at: null, is_new_user: true });
      const history = await api.get("user/open_book/history");
      expect(history.body).toEqual({ submissions: [], total: 0, has_more: false });
    });

    it("answers 'Profile not found or private.' for a private profile, to everyone but its owner", async () => {
      const other = await createTestUser(server.deps);
      for (const path of ["user/closed_book", "user/closed_book/stats", "user/closed_book/history"]) {
        for (const token of [undefined, other.access_token]) {
          const response = await api.get(path, { token });
          expect(response.status, path).toBe(404);
          expect(response.body).toEqual({ detail: "Profile not found or private." });
        }
        expect((await api.get(path, { token: hidden.access_token })).status, path).toBe(200);
      }
    });

    it("answers unknown and impossible usernames the same way", async () => {
      for (const name of ["nobody_at_all", "%D0%B0dmin", "%00", "x".repeat(60), "%3Cscript%3Ealert(1)%3C%2Fscript%3E"]) {
        const response = await api.get(`user/${name}`);
        expect(response.status, name).toBe(404);
        expect(response.body).toEqual({ detail: "Profile not found or private." });
      }
      const huge = await api.get(`user/${"x".repeat(5000)}`);
      expect(huge.status).toBe(414);
      expect(huge.body).toEqual({ detail: "Path is too long" });
    });

    it("refuses bad paging of a history", async () => {
      for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "limit=1.5"]) {
        const response = await api.get(`user/open_book/history?${query}`);
        expect(response.status, query).toBe(422);
        expect(response.body.detail[0].loc[0]).toBe("query");
      }
    });

    it("lets an admin look at a private profile", async () => {
      const admin = await createTestAdmin(server.deps);
      expect((await api.get("user/closed_book", { token: admin.accessToken })).status).toBe(200);
    });
  });
});
