import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { createFakeClock } from "../../test/fake-clock";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { createTestUser, type TestUser } from "../../test/users";
import { makeSubmission } from "../../test/factories";

type Listed = { username: string; email?: string; total_submissions: number; total_played: number; submission_rate: number };
const names = (body: { users: Listed[] }) => body.users.map((u) => u.username);

describeEachDatabase("the community directory: GET user/public/all and user/search/users", (dialect) => {
  let server: TestApp;
  const clock = createFakeClock();
  let api: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  let members: Record<string, TestUser>;

  /** Gives a member `played` plays out of `total` submissions. */
  async function history(member: TestUser, total: number, played: number): Promise<void> {
    for (let i = 0; i < total; i += 1) {
      const status = i < played ? "played" : "removed";
      await makeSubmission(server.deps, { user_id: member.user.user_id, owner_id: member.user.user_id, status, played_at: status === "played" ? new Date().toISOString() : null });
    }
  }

  beforeAll(async () => {
    server = await startTestApp(dialect, { clock });
    api = httpClient(server.baseUrl);
    admin = await createTestAdmin(server.deps);
    members = {};
    // Created one after another, so "Newest" is the reverse of this order.
    for (const [username, displayName] of [
      ["alpha_one", "Zed Person"],
      ["bravo_two", "Bravo"],
      ["charlie_3", "Charlie 100%"],
      ["delta_four", "Delta"],
    ] as const) {
      members[username] = await createTestUser(server.deps, { username, displayName, email: `${username}@mail.example` });
      clock.advance(1000);
    }
    members.hidden_one = await createTestUser(server.deps, { username: "hidden_one", email: "hidden@mail.example", publicProfile: false });
    await history(members.alpha_one!, 4, 1); // rate 0.25
    await history(members.bravo_two!, 2, 2); // rate 1
    await history(members.charlie_3!, 6, 3); // rate 0.5
    await history(members.hidden_one!, 9, 9);
  });
  afterAll(() => server.close());

  describe("GET user/public/all", () => {
    it("lists public profiles only, without e-mails, with a total and has_more", async () => {
      const response = await api.get("user/public/all?sort_by=username");
      expect(response.status).toBe(200);
      expect(names(response.body)).toEqual(["alpha_one", "bravo_two", "charlie_3", "delta_four"]);
      expect(response.body).toMatchObject({ total: 4, has_more: false });
      expect(JSON.stringify(response.body)).not.toContain("mail.example");
      expect(response.body.users[0]).not.toHaveProperty("email");
      expect(response.body.users[0]).toMatchObject({ total_submissions: 4, total_played: 1, submission_rate: 0.25 });
    });

    it.each([
      ["sort_by=username", ["alpha_one", "bravo_two", "charlie_3", "delta_four"]],
      ["sort_by=username&sort_order=desc", ["delta_four", "charlie_3", "bravo_two", "alpha_one"]],
      ["sort_by=created_at", ["delta_four", "charlie_3", "bravo_two", "alpha_one"]],
      ["sort_by=created_at&sort_order=asc", ["alpha_one", "bravo_two", "charlie_3", "delta_four"]],
      ["sort_by=total_submissions", ["charlie_3", "alpha_one", "bravo_two", "delta_four"]],
      ["sort_by=total_played", ["charlie_3", "bravo_two", "alpha_one", "delta_four"]],
      ["sort_by=submission_rate", ["bravo_two", "charlie_3", "alpha_one", "delta_four"]],
      ["sort_by=submission_rate&sort_order=asc", ["delta_four", "alpha_one", "charlie_3", "bravo_two"]],
    ])("sorts by %s", async (query, expected) => {
      const response = await api.get(`user/public/all?${query}`);
      expect(response.status).toBe(200);
      expect(names(response.body)).toEqual(expected);
    });

    it("puts the most recently active first by default, activity in the queue included", async () => {
      expect((await api.post(`queue-position/activity/${members.bravo_two!.user.user_id}?activity_type=home_page`, { token: members.bravo_two!.access_token })).status).toBe(200);
      const response = await api.get("user/public/all");
      expect(names(response.body)[0]).toBe("bravo_two");
      const actives = response.body.users.map((u: { last_active: string }) => u.last_active);
      expect([...actives].sort().reverse()).toEqual(actives);
    });

    it("pages with limit and offset", async () => {
      const first = await api.get("user/public/all?sort_by=username&limit=3&offset=0");
      expect(names(first.body)).toEqual(["alpha_one", "bravo_two", "charlie_3"]);
      expect(first.body).toMatchObject({ total: 4, has_more: true });
      const second = await api.get("user/public/all?sort_by=username&limit=3&offset=3");
      expect(names(second.body)).toEqual(["delta_four"]);
      expect(second.body).toMatchObject({ total: 4, has_more: false });
      const beyond = await api.get("user/public/all?offset=100");
      expect(beyond.body).toEqual({ users: [], total: 4, has_more: false });
    });

    it.each(["sort_by=password_hash", "sort_by=email", "sort_order=sideways", "limit=0", "limit=101", "limit=ten", "offset=-1", "limit=2.5"])(
      "refuses %s with a 422",
      async (query) => {
        const response = await api.get(`user/public/all?${query}`);
        expect(response.status).toBe(422);
        expect(response.body.detail[0].loc[0]).toBe("query");
      },
    );

    it("shows an admin every account with its e-mail (the Fast Pass manager's list)", async () => {
      const response = await api.get("user/public/all?sort_by=last_active&limit=50", { token: admin.accessToken });
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(5);
      const hidden = response.body.users.find((u: Listed) => u.username === "hidden_one");
      expect(hidden).toMatchObject({ email: "hidden@mail.example", is_public: false, total_played: 9 });
    });

    it("shows a member the public list, never e-mails", async () => {
      const response = await api.get("user/public/all", { token: members.alpha_one!.access_token });
      expect(response.body.total).toBe(4);
      expect(JSON.stringify(response.body)).not.toContain("mail.example");
    });
  });

  describe("GET user/search/users", () => {
    it("finds public members by part of the username or display name, in any case, exact name first", async () => {
      expect(names((await api.get("user/search/users?query=ALPHA")).body)).toEqual(["alpha_one"]);
      expect(names((await api.get("user/search/users?query=zed")).body)).toEqual(["alpha_one"]);
      expect(names((await api.get("user/search/users?query=@bravo_two")).body)).toEqual(["bravo_two"]);
      const many = await api.get("user/search/users?query=o");
      expect(names(many.body)).toEqual(["alpha_one", "bravo_two", "delta_four"]);
      expect(many.body).toMatchObject({ total: 3, has_more: false });
      await createTestUser(server.deps, { username: "bravo_two_fan" });
      await createTestUser(server.deps, { username: "a_bravo_two" });
      expect(names((await api.get("user/search/users?query=bravo_two")).body)).toEqual(["bravo_two", "bravo_two_fan", "a_bravo_two"]);
    });

    it("answers a blank query with nobody", async () => {
      for (const query of ["", "query=", "query=%20%20%20", "query=@"]) {
        const response = await api.get(`user/search/users?${query}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ users: [], total: 0, has_more: false });
      }
    });

    it("takes % and _ literally", async () => {
      expect(names((await api.get("user/search/users?query=%25")).body)).toEqual(["charlie_3"]);
      expect(names((await api.get("user/search/users?query=o_t")).body)).toEqual(["a_bravo_two", "bravo_two", "bravo_two_fan"]);
      // As a wildcard, _ would match "one" in alpha_one.
      expect(names((await api.get("user/search/users?query=o_e")).body)).toEqual([]);
    });

    it("never finds private profiles nor matches e-mails for members", async () => {
      expect((await api.get("user/search/users?query=hidden")).body.total).toBe(0);
      expect((await api.get("user/search/users?query=mail.example")).body.total).toBe(0);
    });

    it("lets an admin find anyone, by e-mail too", async () => {
      const response = await api.get("user/search/users?query=hidden@mail", { token: admin.accessToken });
      expect(response.body.users).toEqual([expect.objectContaining({ username: "hidden_one", email: "hidden@mail.example" })]);
    });

    it("lists an admin's matches (the Fast Pass Manager) most recently active first, a member's by name", async () => {
      const activeAt = { mike_a: "2026-01-01T10:00:00.000Z", mike_b: "2026-03-01T10:00:00.000Z", mike_c: "2026-02-01T10:00:00.000Z" };
      for (const [username, at] of Object.entries(activeAt)) {
        const member = await createTestUser(server.deps, { username });
        await server.deps.db.updateTable("users").set({ last_active: at }).where("id", "=", member.user.user_id).execute();
      }
      expect(names((await api.get("user/search/users?query=mike_a", { token: admin.accessToken })).body)).toEqual(["mike_a"]);
      expect(names((await api.get("user/search/users?query=mike", { token: admin.accessToken })).body)).toEqual(["mike_b", "mike_c", "mike_a"]);
      expect(names((await api.get("user/search/users?query=mike")).body)).toEqual(["mike_a", "mike_b", "mike_c"]);
    });

    it("pages results and refuses hostile input with a 4xx", async () => {
      const page = await api.get("user/search/users?query=o&limit=2&offset=0");
      expect(page.body).toMatchObject({ total: 5, has_more: true });
      expect(page.body.users).toHaveLength(2);
      for (const query of [`query=${"x".repeat(101)}`, "query=%00", "limit=0&query=a", "query=a&query=b"]) {
        const response = await api.get(`user/search/users?${query}`);
        expect(response.status, query).toBe(422);
      }
      const script = await api.get("user/search/users?query=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
      expect(script.status).toBe(200);
      expect(script.body.total).toBe(0);
    });
  });
});
