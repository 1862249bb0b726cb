import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin } from "../../test/admins";
import { createTestUser, type TestUser } from "../../test/users";
import { makeSubmission, resetQueue } from "../../test/factories";

describeEachDatabase("POST user/me/link-submission/{id}", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  let member: TestUser;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_SUBMIT_MAX: "1000" } });
    api = httpClient(server.baseUrl);
    const admin = await createTestAdmin(server.deps);
    await api.put("set/isQueueOn", { token: admin.accessToken, json: { state: "true" } });
  });
  beforeEach(async () => {
    await resetQueue(server.deps);
    member = await createTestUser(server.deps);
  });
  afterAll(() => server.close());

  const guestSubmit = async (track: string) => {
    const response = await api.post("queuer/", {
      json: { artist_name: "Guest Artist", track_title: track, youtube_username: "GuestTube", link: `https://example.com/${track}-${Date.now()}` },
    });
    expect(response.status).toBe(201);
    return { entry: response.body.queuer, secret: response.body.guest_secret as string };
  };
  const link = (id: string, token: string, secret?: string) =>
    api.post(`user/me/link-submission/${id}`, { token, headers: secret === undefined ? {} : { "x-guest-secret": secret } });

  it("gives a guest's live entry and played history to the account when the guest's secret comes along", async () => {
    const { entry, secret } = await guestSubmit("guest-song");
    await makeSubmission(server.deps, { user_id: entry.user_id, status: "played", played_at: new Date().toISOString() });

    const response = await link(entry.id, member.access_token, secret);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: "Submission linked to your account", user_id: member.user.user_id, linked_submissions: 2 });

    const waiting = await api.get("queuer/queue");
    expect(waiting.body[0]).toMatchObject({ id: entry.id, user_id: entry.user_id, owner_id: member.user.user_id });
    const position = await api.get(`queue-position/position/${member.user.user_id}`);
    expect(position.status).toBe(200);
    expect(position.body).toMatchObject({ status: "waiting", position: 1 });
    const stats = await api.get("user/me/stats", { token: member.access_token });
    expect(stats.body).toMatchObject({ total_submissions: 2, total_played: 1, submission_rate: 0.5 });
    const history = await api.get("user/me/history", { token: member.access_token });
    expect(history.body.submissions.map((s: { status: string }) => s.status).sort()).toEqual(["played", "waiting"]);

    // The member can now edit the entry with their own token.
    const edit = await api.put(`queuer/${member.user.user_id}`, {
      token: member.access_token,
      json: { artist_name: "Now Mine", track_title: "guest-song", link: entry.link, youtube_username: "GuestTube", message: "x", on_hold: false },
    });
    expect(edit.status).toBe(200);
    // Linking again changes nothing.
    expect((await link(entry.id, member.access_token, secret)).body.linked_submissions).toBe(0);
  });

  it("also finds the entry by the guest's user id", async () => {
    const { entry, secret } = await guestSubmit("by-user-id");
    const response = await link(entry.user_id, member.access_token, secret);
    expect(response.status).toBe(200);
    expect(response.body.linked_submissions).toBe(1);
  });

  it("refuses without the guest's secret, with a wrong one, or with another guest's", async () => {
    const { entry } = await guestSubmit("protected-song");
    const other = await guestSubmit("other-song");

    const none = await link(entry.id, member.access_token);
    expect(none.status).toBe(403);
    expect(none.body.detail).toBe("The guest credential (X-Guest-Secret header) is required to claim a submission");
    const wrong = await link(entry.id, member.access_token, "made-up-secret");
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ detail: "Guest credential is not valid" });
    const foreign = await link(entry.id, member.access_token, other.secret);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ detail: "You can only change your own submission" });

    const waiting = await api.get("queuer/queue");
    expect(waiting.body.every((e: { owner_id: string | null }) => e.owner_id === null)).toBe(true);
  });

  it("refuses to hand an entry already claimed by one member to another", async () => {
    const { entry, secret } = await guestSubmit("claimed-song");
    expect((await link(entry.id, member.access_token, secret)).status).toBe(200);
    const thief = await createTestUser(server.deps);
    const response = await link(entry.id, thief.access_token, secret);
    expect(response.status).toBe(403);
    expect((await api.get("user/me/stats", { token: thief.access_token })).body.total_submissions).toBe(0);
  });

  it("refuses a second live entry for a member who is already in the queue", async () => {
    const own = await api.post("queuer/", {
      token: member.access_token,
      json: { artist_name: "Member", track_title: "own-song", youtube_username: "Mine", link: "https://example.com/own-song" },
    });
    expect(own.status).toBe(201);
    const { entry, secret } = await guestSubmit("second-live");
    const response = await link(entry.id, member.access_token, secret);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: "You already have a submission in the queue" });
  });

  it("leaves a member one live entry when they claim their guest entry while submitting as themselves", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await resetQueue(server.deps);
      const racer = await createTestUser(server.deps);
      const { entry, secret } = await guestSubmit(`race-${attempt}`);
      const [own, claim] = await Promise.all([
        api.post("queuer/", {
          token: racer.access_token,
          json: { artist_name: "Member", track_title: `own-${attempt}`, youtube_username: "Mine", link: `https://example.com/own-${attempt}` },
        }),
        link(entry.id, racer.access_token, secret),
      ]);
      expect([own.status, claim.status].sort()).toEqual(own.status === 201 ? [201, 409] : [200, 409]);
      const live = await server.deps.db
        .selectFrom("submissions")
        .select("id")
        .where("owner_id", "=", racer.user.user_id)
        .where("status", "in", ["waiting", "active", "on_hold"])
        .execute();
      expect(live).toHaveLength(1);
    }
  });

  it("leaves exactly one entry when a member submits 20 times at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post("queuer/", {
          token: member.access_token,
          json: { artist_name: "Member", track_title: `burst-${i}`, youtube_username: "Mine", link: `https://example.com/burst-${i}` },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409).map((r) => r.body.detail)).toEqual(Array(19).fill("You already have a submission in the queue"));
    expect((await api.get("queuer/queue")).body.filter((e: { owner_id: string }) => e.owner_id === member.user.user_id)).toHaveLength(1);
  });

  it("needs a member token and a real submission id", async () => {
    const { entry, secret } = await guestSubmit("needs-token");
    expect((await api.post(`user/me/link-submission/${entry.id}`, { headers: { "x-guest-secret": secret } })).status).toBe(401);
    const admin = await createTestAdmin(server.deps);
    expect((await link(entry.id, admin.accessToken, secret)).status).toBe(401);
    for (const id of ["no-such-submission-id", "%00", "%3Cscript%3E", "x".repeat(90)]) {
      const response = await link(id, member.access_token, secret);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ detail: "Submission not found" });
    }
  });
});
