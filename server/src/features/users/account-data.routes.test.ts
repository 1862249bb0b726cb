import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeSubmission, openEmptyQueue } from "../../test/factories";
import { createTestUser, type TestUser } from "../../test/users";
import { newId } from "../../lib/ids";

const now = () => new Date().toISOString();

describeEachDatabase("a member's data: export and deletion", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  beforeAll(async () => {
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  /** A vote, a Fast Pass grant, watch time, a subscription and a draft of the member, written as their features write them. */
  async function giveData(member: TestUser, label: string): Promise<{ sessionId: string; playedId: string }> {
    const db = server.deps.db;
    const userId = member.user.user_id;
    const played = await makeSubmission(server.deps, {
      user_id: userId,
      owner_id: userId,
      status: "played",
      played_at: now(),
      artist_name: `${label} Artist`,
      track_title: `${label} Song`,
      username: label.toLowerCase(),
      message: `${label} note`,
    });
    const sessionId = newId();
    await db.insertInto("analytics_sessions").values({ id: sessionId, name: "Stream", started_at: now(), opened_at: now(), ended_at: null, saved_at: null, is_live: 0 }).execute();
    await db
      .insertInto("analytics_session_plays")
      .values({
        submission_id: played.row.id,
        session_id: sessionId,
        artist_name: `${label} Artist`,
        track_title: `${label} Song`,
        username: label.toLowerCase(),
        priority_level: 0,
        submitted_at: now(),
        played_at: now(),
        wait_seconds: 60,
        skipped: 0,
      })
      .execute();
    await db.insertInto("votes").values({ id: newId(), session_id: sessionId, user_id: userId, submission_id: played.row.id, created_at: now() }).execute();
    await db.insertInto("vote_usage").values({ session_id: sessionId, user_id: userId, used: 1 }).execute();
    await db
      .insertInto("fastpass_ledger")
      .values({ id: newId(), user_id: userId, source: "admin_grant", priority_level: 2, count: 3, admin_id: "admin-secret-id", submission_id: null, created_at: now() })
      .execute();
    await db.insertInto("loyalty_members").values({ user_id: userId, watched_minutes: 42, watched_seconds: 2520, last_ping_at: null, spend_count: 0 }).execute();
    await db
      .insertInto("email_subscriptions")
      .values({
        id: newId(),
        email: member.user.email!,
        user_id: userId,
        queue_notifications: 1,
        general_updates: 0,
        up_next: 0,
        submitter_id: null,
        confirmed_at: now(),
        unsubscribed_at: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await db
      .insertInto("drafts")
      .values({
        user_id: userId,
        artist_name: `${label} Draft`,
        track_title: "Unsent",
        youtube_username: "",
        message: "",
        link: "https://example.com/draft",
        is_file: 0,
        file_key: null,
        file_name: null,
        file_type: null,
        has_file_selected: 0,
        file_attached_at: null,
        file_expired: 0,
        updated_at: now(),
      })
      .execute();
    return { sessionId, playedId: played.row.id };
  }

  describe("GET user/me/export", () => {
    it("needs a member token", async () => {
      expect(await http.get("user/me/export")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
      expect((await http.get("user/me/export", { token: adminToken })).status).toBe(401);
    });

    it("gives the member every kind of data kept about them, and nobody else's", async () => {
      const member = await createTestUser(server.deps, { username: "exporter" });
      const other = await createTestUser(server.deps, { username: "bystander" });
      await giveData(member, "Mine");
      await giveData(other, "Theirs");

      const response = await http.get("user/me/export", { token: member.access_token });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="livequeue-exporter.json"');
      const data = response.body;
      expect(data.profile).toMatchObject({ username: "exporter", email: "exporter@example.com", has_password: true });
      expect(data.profile).not.toHaveProperty("password_hash");
      expect(data.submissions).toEqual([expect.objectContaining({ artist_name: "Mine Artist", track_title: "Mine Song", message: "Mine note", status: "played" })]);
      expect(data.votes).toHaveLength(1);
      expect(data.fast_pass).toEqual({ watched_minutes: 42, ledger: [expect.objectContaining({ source: "admin_grant", priority_level: 2, count: 3 })] });
      expect(data.fast_pass.ledger[0]).not.toHaveProperty("admin_id");
      expect(data.email_subscriptions).toEqual([expect.objectContaining({ email: "exporter@example.com", queue_notifications: true })]);
      expect(data.draft).toMatchObject({ artist_name: "Mine Draft", track_title: "Unsent" });
      const text = JSON.stringify(data);
      for (const foreign of ["Theirs", "bystander", other.user.user_id, "admin-secret-id"]) expect(text).not.toContain(foreign);
    });
  });

  describe("DELETE user/me", () => {
    it("refuses without the member's token, a typed username that does not match, or the wrong password", async () => {
      const member = await createTestUser(server.deps, { username: "careful_one" });
      expect((await http.delete("user/me", { json: { username: "careful_one", password: member.password } })).status).toBe(401);
      expect(await http.delete("user/me", { token: member.access_token, json: { username: "someone_else", password: member.password } })).toMatchObject({
        status: 400,
        body: { detail: "The username you typed does not match your account" },
      });
      expect(await http.delete("user/me", { token: member.access_token, json: { username: "careful_one", password: "wrong-password" } })).toMatchObject({
        status: 403,
        body: { detail: "Your current password is incorrect" },
      });
      expect(await http.delete("user/me", { token: member.access_token, json: { username: "careful_one" } })).toMatchObject({
        status: 400,
        body: { detail: "Your current password is required" },
      });
      const missing = await http.delete("user/me", { token: member.access_token, json: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ["body", "username"], msg: "Type your username to confirm" });
      expect((await http.get("user/me", { token: member.access_token })).status).toBe(200);
    });

    it("takes the live entry out of every viewer's list, erases the account and keeps played history anonymised", async () => {
      const member = await createTestUser(server.deps, { username: "leaving_member" });
      const userId = member.user.user_id;
      const { sessionId, playedId } = await giveData(member, "Leaving");
      const submitted = await http.post("queuer/", {
        token: member.access_token,
        json: {
          artist_name: "Live Artist",
          track_title: "Live Song",
          youtube_username: "LeaverTube",
          username: "leaving_member",
          link: "https://example.com/live-song",
          message: "please",
        },
      });
      expect(submitted.status).toBe(201);
      // The submission's own update has gone out, so the next one the viewer hears is the deletion's.
      await server.deps.lists.settled();
      const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
      await viewer.next("connection_established");

      const deleted = await http.delete("user/me", { token: member.access_token, json: { username: "Leaving_Member", password: member.password } });
      expect(deleted).toMatchObject({ status: 200, body: { detail: "Your account and its personal data are deleted" } });

      expect(await viewer.next("queue_update")).toMatchObject({ queue_type: "waiting", total_count: 0 });
      await viewer.close();
      expect((await http.get("queuer/queue")).body).toEqual([]);
      expect((await http.post("auth/user/login", { form: { username: "leaving_member", password: member.password } })).status).toBe(401);
      expect((await http.post("auth/user/refresh", { token: member.refresh_token })).status).toBe(401);
      expect((await http.get("user/me", { token: member.access_token })).status).toBe(401);
      expect(await http.get("user/leaving_member")).toMatchObject({ status: 404, body: { detail: "Profile not found or private." } });
      expect((await http.get("user/me/export", { token: member.access_token })).status).toBe(401);
      // The access token handed out before the deletion is worth nothing at once, not only once it expires.
      const afterwards = await http.post("queuer/", { token: member.access_token, json: { artist_name: "Ghost", track_title: "Song", link: "https://example.com/ghost" } });
      expect(afterwards.status).toBe(401);

      const db = server.deps.db;
      const history = await db.selectFrom("submissions").selectAll().where("id", "in", [playedId, submitted.body.queuer.id]).execute();
      expect(history).toHaveLength(2);
      for (const row of history) {
        expect(row).toMatchObject({ owner_id: null, username: "anonymous", youtube_username: "Anonymous", message: "Empty!" });
        expect(row.user_id).toMatch(/^deleted_/);
      }
      expect(history.map((row) => row.status).sort()).toEqual(["played", "removed"]);
      const play = await db.selectFrom("analytics_session_plays").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
      expect(play).toMatchObject({ username: "anonymous", track_title: "Leaving Song" });
      expect(await db.selectFrom("votes").select("user_id").where("session_id", "=", sessionId).execute()).toEqual([{ user_id: history[0]!.user_id }]);
      for (const table of ["fastpass_ledger", "loyalty_members", "drafts", "activity"] as const) {
        expect(await db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute()).toEqual([]);
      }
      expect(await db.selectFrom("email_subscriptions").select("id").where("email", "=", "leaving_member@example.com").execute()).toEqual([]);
      expect(await db.selectFrom("refresh_tokens").select("id").where("subject_id", "=", userId).execute()).toEqual([]);

      const audit = await http.get("audit/admin?action=account.deleted", { token: adminToken });
      expect(audit.status).toBe(200);
      const record = audit.body.records.find((r: { details: unknown }) => JSON.stringify(r.details).includes(history[0]!.user_id));
      expect(record).toBeDefined();
      const recorded = JSON.stringify(record);
      for (const personal of ["leaving_member", "example.com", userId, "LeaverTube", "Leaving"]) expect(recorded).not.toContain(personal);
    });

    it("deletes a Google-only account on the typed username alone", async () => {
      const member = await createTestUser(server.deps, { username: "google_only" });
      await server.deps.db.updateTable("users").set({ password_hash: null, google_sub: "google-sub-1" }).where("id", "=", member.user.user_id).execute();
      expect((await http.delete("user/me", { token: member.access_token, json: { username: "google_only" } })).status).toBe(200);
      expect((await http.get("user/google_only")).status).toBe(404);
    });
  });

  describe("hostile input", () => {
    it("answers junk bodies with a 4xx, never a 500, and deletes or changes nothing", async () => {
      const member = await createTestUser(server.deps, { username: "hostile_target" });
      const bodies: unknown[] = [
        null,
        [],
        "hostile_target",
        { username: 42 },
        { username: "hostile\u0000target", password: member.password },
        { username: "x".repeat(100_000), password: member.password },
        { username: "hostile_target", password: "p".repeat(100_000) },
        { username: "hostile_target", password: { $ne: null } },
      ];
      for (const json of bodies) {
        const deleted = await http.delete("user/me", { token: member.access_token, json });
        expect(deleted.status, JSON.stringify(json).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(deleted.status, JSON.stringify(json).slice(0, 80)).toBeLessThan(500);
        const changed = await http.put("user/me/password", { token: member.access_token, json });
        expect(changed.status).toBeGreaterThanOrEqual(400);
        expect(changed.status).toBeLessThan(500);
      }
      const oddPasswords = await http.put("user/me/password", {
        token: member.access_token,
        json: { current_password: member.password, new_password: "new\u0007password", refresh_token: "x".repeat(5000) },
      });
      expect(oddPasswords.status).toBe(422);
      expect((await http.get("user/me", { token: member.access_token })).status).toBe(200);
      expect((await http.post("auth/user/login", { form: { username: "hostile_target", password: member.password } })).status).toBe(200);
    });

    it("never lets a forged or admin token act as a member", async () => {
      const forged = `${(await createTestUser(server.deps)).access_token.slice(0, -4)}AAAA`;
      for (const token of [forged, adminToken]) {
        expect((await http.get("user/me/export", { token })).status).toBe(401);
        expect((await http.delete("user/me", { token, json: { username: "anyone", password: "whatever1" } })).status).toBe(401);
        expect((await http.post("user/logout-all", { token })).status).toBe(401);
      }
    });
  });

  describe("PUT user/me/password and POST user/logout-all", () => {
    it("changes the password only with the current one, ends the other logins and keeps this one", async () => {
      const member = await createTestUser(server.deps, { username: "changer" });
      const otherLogin = await http.post("auth/user/login", { form: { username: "changer", password: member.password } });
      expect(otherLogin.status).toBe(200);

      const wrong = await http.put("user/me/password", {
        token: member.access_token,
        json: { current_password: "not-it-at-all", new_password: "brand-new-pass", refresh_token: member.refresh_token },
      });
      expect(wrong).toMatchObject({ status: 403, body: { detail: "Your current password is incorrect" } });
      const short = await http.put("user/me/password", { token: member.access_token, json: { current_password: member.password, new_password: "short" } });
      expect(short.status).toBe(422);
      expect(short.body.detail[0]).toMatchObject({ loc: ["body", "new_password"], msg: "Password must be at least 8 characters long" });

      const changed = await http.put("user/me/password", {
        token: member.access_token,
        json: { current_password: member.password, new_password: "brand-new-pass", refresh_token: member.refresh_token },
      });
      expect(changed).toMatchObject({ status: 200, body: { detail: "Password changed. Your other sessions are signed out." } });
      expect((await http.post("auth/user/refresh", { token: otherLogin.body.refresh_token })).status).toBe(401);
      expect((await http.post("auth/user/refresh", { token: member.refresh_token })).status).toBe(200);
      expect((await http.post("auth/user/login", { form: { username: "changer", password: member.password } })).status).toBe(401);
      expect((await http.post("auth/user/login", { form: { username: "changer", password: "brand-new-pass" } })).status).toBe(200);
    });

    it("does not keep a login named by another member's refresh token", async () => {
      const member = await createTestUser(server.deps, { username: "changer_two" });
      const stranger = await createTestUser(server.deps, { username: "stranger_two" });
      const changed = await http.put("user/me/password", {
        token: member.access_token,
        json: { current_password: member.password, new_password: "another-new-pass", refresh_token: stranger.refresh_token },
      });
      expect(changed.status).toBe(200);
      expect((await http.post("auth/user/refresh", { token: member.refresh_token })).status).toBe(401);
      expect((await http.post("auth/user/refresh", { token: stranger.refresh_token })).status).toBe(200);
    });

    it("signs a member out of every login, and nobody else", async () => {
      const member = await createTestUser(server.deps, { username: "everywhere" });
      const bystander = await createTestUser(server.deps, { username: "stays_in" });
      const second = await http.post("auth/user/login", { form: { username: "everywhere", password: member.password } });
      expect((await http.post("user/logout-all")).status).toBe(401);
      expect(await http.post("user/logout-all", { token: member.access_token })).toMatchObject({ status: 200, body: { detail: "Signed out everywhere" } });
      expect((await http.post("auth/user/refresh", { token: member.refresh_token })).status).toBe(401);
      expect((await http.post("auth/user/refresh", { token: second.body.refresh_token })).status).toBe(401);
      expect((await http.post("auth/user/refresh", { token: bystander.refresh_token })).status).toBe(200);
    });
  });
});
