import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { QUEUE_MESSAGES } from "@common/queue";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { openEmptyQueue, submissionForm, TEST_SYSTEM } from "../../test/factories";
import { startSmtpServer } from "../../test/smtp";
import { createTestUser, type TestUser } from "../../test/users";
import { connectSocket } from "../../test/live";

describeEachDatabase("approval first: submissions wait for the host", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestApp;
  let http: HttpClient;
  let adminToken: string;
  let member: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({
      server,
      http,
      token: adminToken,
    } = await startRouteTestApp(dialect, { env: { SMTP_URL: smtp.url(), PUBLIC_URL: "http://queue.example.test", STREAMER_NAME: "Night Owl" } }));
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await openEmptyQueue(server.deps);
    await server.deps.db.deleteFrom("outbox").execute();
    await server.deps.services.settings.set(TEST_SYSTEM, "approvalFirst", "true");
    member = await createTestUser(server.deps);
    await server.deps.services.users.updateMe(
      { kind: "person", userId: member.user.user_id, guestId: null, invalidGuestSecret: false },
      { preferences: { email_notifications: true } },
    );
  });

  const ids = async (path: string) => ((await http.get(path, { token: adminToken })).body as { id: string }[]).map((entry) => entry.id);
  const submitAsMember = async (i: string) => {
    const answer = await http.post("queuer/", { json: submissionForm(i), token: member.access_token });
    expect(answer.status).toBe(201);
    return answer.body.queuer as { id: string; user_id: string; on_hold: boolean; awaiting_approval?: boolean };
  };
  const drain = async () => {
    for (let round = 0; round < 3; round += 1) await server.deps.services.outbox.runDue();
  };

  it("puts a new submission On Hold awaiting approval, tells the submitter so, and approving moves it to Waiting", async () => {
    const entry = await submitAsMember("pending");
    expect(entry).toMatchObject({ on_hold: true, awaiting_approval: true });
    expect(await ids("queuer/on-hold/admin")).toEqual([entry.id]);
    expect(await ids("queuer/queue/admin")).toEqual([]);
    expect((await http.get(`queue-position/position/${entry.user_id}`)).body).toMatchObject({ status: "on_hold", message: QUEUE_MESSAGES.positionAwaitingApproval });
    expect((await http.get("queuer/on-hold")).body[0]).toMatchObject({ id: entry.id, awaiting_approval: true });

    expect((await http.post(`queuer/release/${entry.id}`, { token: adminToken })).status).toBe(200);
    expect(await ids("queuer/queue/admin")).toEqual([entry.id]);
    const approved = (await http.get("queuer/queue")).body[0];
    expect(approved.awaiting_approval).toBeUndefined();
    // Declining is only for what still awaits approval.
    expect(await http.post(`queuer/${entry.id}/decline`, { token: adminToken, json: { reason: "Too late" } })).toMatchObject({
      status: 409,
      body: { detail: QUEUE_MESSAGES.notAwaitingApproval },
    });
  });

  it("declines with a reason the submitter sees live, in their history and in one mail", async () => {
    const entry = await submitAsMember("declined");
    const socket = await connectSocket(`${server.wsUrl}/ws/public?user_id=${member.user.user_id}`);
    expect(await http.post(`queuer/${entry.id}/decline`, { token: adminToken, json: { reason: "  " } })).toMatchObject({ status: 422 });
    const declines = await Promise.all([1, 2].map(() => http.post(`queuer/${entry.id}/decline`, { token: adminToken, json: { reason: "Not a fit for this show" } })));
    expect(declines.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await ids("queuer/on-hold/admin")).toEqual([]);
    expect(await socket.next("submission_removed")).toMatchObject({ message: "The host declined your song: Not a fit for this show" });
    await socket.close();

    const history = (await http.get("user/me/history", { token: member.access_token })).body;
    expect(history.submissions[0]).toMatchObject({ id: entry.id, status: "removed", decline_reason: "Not a fit for this show" });

    await drain();
    await drain();
    const mails = smtp.to(member.user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.header("subject")).toBe("Your track was declined: Track declined");
    expect(mails[0]!.text).toContain("Reason: Not a fit for this show");
  });

  it("lets a guest's submission wait too, and leaves the host's own adds and the setting off alone", async () => {
    const guest = await http.post("queuer/", { json: submissionForm("guest") });
    expect(guest.body.queuer).toMatchObject({ on_hold: true, awaiting_approval: true });
    const added = await http.post("admin-post/", { token: adminToken, json: submissionForm("host") });
    expect(added.body.queuer).toMatchObject({ status: "waiting", on_hold: false });
    expect(await http.post(`queuer/${added.body.queuer.id}/decline`, { token: adminToken, json: { reason: "no" } })).toMatchObject({
      status: 409,
      body: { detail: QUEUE_MESSAGES.notAwaitingApproval },
    });
    await server.deps.services.settings.set(TEST_SYSTEM, "approvalFirst", "false");
    const later = await http.post("queuer/", { json: submissionForm("later"), token: member.access_token });
    expect(later.body.queuer).toMatchObject({ status: "waiting", on_hold: false });
    expect(later.body.queuer.awaiting_approval).toBeUndefined();
  });
});
