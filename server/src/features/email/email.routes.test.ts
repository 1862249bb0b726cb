import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, reopenTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { GUEST_SECRET_HEADER } from "@common/queue";
import { makeAdmin, makeSubmission, makeUserToken } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";
import { startSmtpServer, type ReceivedMail } from "../../test/smtp";
import { createTestUser } from "../../test/users";
import { submissionRow } from "../../test/submission-row";
import { summarize } from "../queue/queue-events";

const PUBLIC_URL = "http://queue.example.test";

/** The token of the first link in a mail's text that goes to `path`. */
function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`${PUBLIC_URL}${path}\\?token=([\\w.%-]+)`));
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return decodeURIComponent(match[1]!);
}

describeEachDatabase("e-mail subscriptions and the mails they bring", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  let secondHandle: TestDatabase;
  const clock = createFakeClock(new Date("2026-11-22T20:00:00.000Z"));
  let http: ReturnType<typeof httpClient>;
  let adminToken: string;
  let seq = 0;
  const address = () => `fan${++seq}.${dialect}@example.com`;

  /** The i-th mail delivered to `email`, which must exist. */
  const mailTo = (email: string, i = 0): ReceivedMail => {
    const mail = smtp.to(email)[i];
    if (!mail) throw new Error(`${email} got ${smtp.to(email).length} mails, not ${i + 1}`);
    return mail;
  };
  /** Both instances drain their outbox at once, as two processes' jobs would. */
  const drain = async () => {
    for (let round = 0; round < 3; round += 1) await Promise.all([a.deps.services.outbox.runDue(), b.deps.services.outbox.runDue()]);
  };
  const setQueue = async (on: boolean) => expect((await http.put("set/isQueueOn", { token: adminToken, json: { state: String(on) } })).status).toBe(200);
  /** Subscribes and confirms through the mail's link, leaving no mail behind. */
  async function confirmedSubscriber(options = { queue_notifications: true, general_updates: false }): Promise<string> {
    const email = address();
    expect((await http.post("email-subscriptions/subscribe", { json: { email, ...options } })).status).toBe(200);
    await drain();
    const confirmation = mailTo(email);
    expect((await http.post(`email-subscriptions/confirm?token=${linkToken(confirmation, "/email/confirm")}`)).status).toBe(200);
    return email;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url(), PUBLIC_URL, MAIL_FROM: "Night Owl <queue@example.test>", STREAMER_NAME: "Night Owl" };
    a = await startTestApp(dialect, { clock, env });
    secondHandle = reopenTestDatabase(a.database);
    b = await startTestApp(dialect, { database: secondHandle, clock, env });
    http = httpClient(a.baseUrl);
  });
  afterAll(async () => {
    await b.close();
    await secondHandle.close();
    await a.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await smtp.start();
    // A test may move the clock hours ahead, past an access token's life.
    adminToken = (await makeAdmin(a.deps)).accessToken;
    await setQueue(false);
    await drain();
    await a.database.db.deleteFrom("email_subscriptions").execute();
    smtp.received.length = 0;
  });

  it("refuses a subscription without an address or an option with the spec's messages", async () => {
    const cases: [object, string, string][] = [
      [{ email: "", queue_notifications: true, general_updates: false }, "email", "Please enter an email address"],
      [{ queue_notifications: true }, "email", "Please enter an email address"],
      [{ email: "not-an-address", queue_notifications: true }, "email", "Please enter a valid email address"],
      [{ email: "x@example.com", queue_notifications: false, general_updates: false }, "queue_notifications", "Please select at least one subscription option"],
    ];
    for (const [json, field, msg] of cases) {
      const response = await http.post("email-subscriptions/subscribe", { json });
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc: ["body", field], msg });
    }
    expect((await http.post("email-subscriptions/confirm?token=forged")).body).toEqual({ detail: "This link is invalid or has expired" });
    expect((await http.post("email-subscriptions/unsubscribe?token=forged", { form: { "List-Unsubscribe": "One-Click" } })).status).toBe(400);
    await drain();
    expect(smtp.received).toEqual([]);
  });

  it("sends only the confirmation until its link is opened, then the 'queue is open' mail", async () => {
    const email = address();
    const response = await http.post("email-subscriptions/subscribe", { json: { email: ` ${email.toUpperCase()} `, queue_notifications: true, general_updates: false } });
    expect(response.body).toEqual({
      queue_notifications: true,
      general_updates: false,
      up_next: false,
      success: true,
      message: "Check your inbox: we sent a link to confirm your subscription.",
    });
    await setQueue(true);
    await drain();
    expect(smtp.to(email)).toHaveLength(1);
    const confirmation = mailTo(email);
    expect(confirmation.header("subject")).toBe("Confirm your e-mail subscription to Night Owl");
    expect(confirmation.header("from")).toBe("Night Owl <queue@example.test>");
    expect(confirmation.text).toContain("a mail when the queue opens from Night Owl's song queue");
    expect(confirmation.html).toContain(`href="${PUBLIC_URL}/email/confirm?token=`);
    expect(confirmation.html).not.toMatch(/<img/i);

    const confirmed = await http.post(`email-subscriptions/confirm?token=${linkToken(confirmation, "/email/confirm")}`);
    expect(confirmed.body).toEqual({ success: true, message: "Your subscription is confirmed." });
    await setQueue(false);
    await setQueue(true);
    await drain();
    const opened = mailTo(email, 1);
    expect(opened.header("subject")).toBe("Night Owl's queue is open");
    expect(opened.text).toContain(`Open the queue: ${PUBLIC_URL}/queue`);
    expect(opened.html).toContain(`<a href="${PUBLIC_URL}/queue">Open the queue</a>`);
    expect(opened.header("content-type")).toMatch(/multipart\/alternative/);
    expect(opened.header("list-unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/email-subscriptions/unsubscribe\\?token=[\\w.%-]+>$`));
    expect(opened.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("sends 'the queue is open' once per opening with two instances, and not again while it stays open", async () => {
    const emails = [await confirmedSubscriber(), await confirmedSubscriber(), await confirmedSubscriber({ queue_notifications: false, general_updates: true })];
    smtp.received.length = 0;
    await setQueue(true);
    await http.put("set/isQueueOn", { token: adminToken, json: { state: "true" } });
    await drain();
    expect(emails.map((email) => smtp.to(email).length)).toEqual([1, 1, 0]);
    // A schedule opening the queue is an opening too.
    await setQueue(false);
    await b.deps.services.settings.set({ kind: "system", name: "scheduler" }, "isQueueOn", "true");
    await drain();
    expect(emails.map((email) => smtp.to(email).length)).toEqual([2, 2, 0]);
  });

  it("records one opening and sends one mail when the queue is opened several times at the same moment", async () => {
    const email = await confirmedSubscriber();
    // Two instances on PostgreSQL. Two SQLite connections in one process cannot wait on each other
    // (better-sqlite3 waits synchronously), so there the requests race on one instance.
    const second = dialect === "postgres" ? b : a;
    const httpB = httpClient(second.baseUrl);
    const openings = async () => (await a.database.db.selectFrom("outbox").select("id").where("topic", "=", "mail.queue_opened").execute()).length;
    const before = await openings();
    const host = { kind: "system", name: "scheduler" } as const;
    for (let round = 1; round <= 5; round += 1) {
      await setQueue(false);
      const opened = { token: adminToken, json: { state: "true" } };
      const answers = await Promise.all([
        http.put("set/isQueueOn", opened),
        httpB.put("set/isQueueOn", opened),
        a.deps.services.settings.set(host, "isQueueOn", "true"),
        second.deps.services.settings.set(host, "isQueueOn", "true"),
      ]);
      expect(answers.slice(0, 2).map((answer) => "status" in answer && answer.status)).toEqual([200, 200]);
      await drain();
      expect(await openings()).toBe(before + round);
      expect(smtp.to(email)).toHaveLength(1 + round);
    }
  });

  it("sends a browser opening the List-Unsubscribe link to the page that confirms it, and unsubscribes nobody by itself", async () => {
    const email = await confirmedSubscriber();
    await setQueue(true);
    await drain();
    const headerUrl = mailTo(email, 1).header("list-unsubscribe")!.slice(1, -1);
    const token = new URL(headerUrl).searchParams.get("token")!;
    const opened = await fetch(headerUrl.replace(PUBLIC_URL, a.baseUrl.replace(/\/api\/v1$/, "")), { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${PUBLIC_URL}/email/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await http.get("email-subscriptions/unsubscribe")).body.detail[0]).toMatchObject({ loc: ["query", "token"], msg: "This link is invalid or has expired" });

    // Following the link alone (as a mail scanner would) changes nothing; the page's button does.
    await setQueue(false);
    await setQueue(true);
    await drain();
    expect(smtp.to(email)).toHaveLength(3);
    expect((await http.post(`email-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    await setQueue(false);
    await setQueue(true);
    await drain();
    expect(smtp.to(email)).toHaveLength(3);
  });

  it("unsubscribes in one click through the RFC 8058 POST and through the page's link", async () => {
    const viaHeader = await confirmedSubscriber();
    const viaLink = await confirmedSubscriber();
    await setQueue(true);
    await drain();
    const headerUrl = mailTo(viaHeader, 1).header("list-unsubscribe")!.slice(1, -1);
    const oneClick = await fetch(headerUrl.replace(PUBLIC_URL, a.baseUrl.replace(/\/api\/v1$/, "")), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const pageToken = linkToken(mailTo(viaLink, 1), "/email/unsubscribe");
    expect((await http.post(`email-subscriptions/unsubscribe?token=${encodeURIComponent(pageToken)}`)).body).toEqual({
      success: true,
      message: "You are unsubscribed. You will not get these e-mails any more.",
    });

    await setQueue(false);
    await setQueue(true);
    await drain();
    expect([smtp.to(viaHeader).length, smtp.to(viaLink).length]).toEqual([2, 2]);
  });

  it("keeps the mail through an SMTP outage and delivers it once the server is back", async () => {
    const email = await confirmedSubscriber();
    await smtp.stop();
    await setQueue(true);
    await drain();
    const pending = await a.database.db.selectFrom("outbox").select(["attempts", "last_error"]).where("topic", "=", "mail.send").where("done_at", "is", null).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.attempts).toBe(1);

    await smtp.start();
    await drain();
    expect(smtp.to(email)).toHaveLength(1);
    clock.advance(6_000);
    await drain();
    const opened = mailTo(email, 1);
    expect(opened.header("subject")).toBe("Night Owl's queue is open");
    clock.advance(60_000);
    await drain();
    expect(smtp.to(email)).toHaveLength(2);
  });

  it("keeps retrying a mail through an SMTP outage of hours, at least hourly, and delivers it once when the server is back", async () => {
    const email = await confirmedSubscriber();
    await smtp.stop();
    await setQueue(true);
    const pending = () => a.database.db.selectFrom("outbox").selectAll().where("topic", "=", "mail.send").where("done_at", "is", null).execute();
    // Six hours down, far past the 8 attempts (about 11 minutes) after which a row used to be set aside.
    for (let elapsed = 0; elapsed < 6 * 3_600_000; elapsed += 5 * 60_000) {
      await drain();
      clock.advance(5 * 60_000);
    }
    const [row, ...others] = await pending();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ failed_at: null, done_at: null, last_error: expect.stringMatching(/ECONNREFUSED/) });
    expect(row!.attempts).toBeGreaterThan(8);
    expect(new Date(row!.run_after).getTime() - clock.now().getTime()).toBeLessThanOrEqual(3_600_000);
    expect(smtp.to(email)).toHaveLength(1);

    await smtp.start();
    clock.advance(3_600_000);
    await drain();
    expect(mailTo(email, 1).header("subject")).toBe("Night Owl's queue is open");
    clock.advance(3_600_000);
    await drain();
    expect(smtp.to(email)).toHaveLength(2);
    expect(await pending()).toEqual([]);
  });

  it("tells a member their track was played when they allow it, and stops after the unsubscribe link", async () => {
    const member = await createTestUser(a.deps, { email: address() });
    const quiet = await createTestUser(a.deps, { email: address() });
    await http.put("user/me", { token: member.access_token, json: { preferences: { email_notifications: true } } });
    // Played from Now Playing by the host; the mail is written to the outbox in the play's transaction.
    const play = async (ownerId: string) => {
      const { row } = await makeSubmission(a.deps, {
        user_id: ownerId,
        owner_id: ownerId,
        status: "active",
        activated_at: clock.now().toISOString(),
        track_title: "Moonrise",
        artist_name: "The Owls",
      });
      expect((await http.delete(`active-queuer/${row.id}?is_played=true`, { token: adminToken })).status).toBe(200);
      return row.id;
    };
    const playedId = await play(member.user.user_id);
    await play(quiet.user.user_id);
    expect(await a.database.db.selectFrom("outbox").select("done_at").where("id", "=", `mail:track_played:${playedId}`).executeTakeFirst()).toEqual({ done_at: null });
    await drain();
    const mail = mailTo(member.user.email!);
    expect(mail.header("subject")).toBe("Your track was played: Moonrise");
    expect(mail.text).toContain('Night Owl just played "Moonrise" by The Owls.');
    expect(smtp.to(quiet.user.email!)).toEqual([]);

    await http.post(`email-subscriptions/unsubscribe?token=${encodeURIComponent(linkToken(mail, "/email/unsubscribe"))}`);
    expect((await http.get("user/me", { token: member.access_token })).body.preferences.email_notifications).toBe(false);
    await play(member.user.user_id);
    await drain();
    expect(smtp.to(member.user.email!)).toHaveLength(1);
  });

  it("writes no 'track played' mail for a play whose transaction rolls back", async () => {
    const member = await createTestUser(a.deps, { email: address() });
    const event = {
      entry: summarize(submissionRow({ id: `rolled-back-${seq}`, owner_id: member.user.user_id, status: "played" })),
      from: "active" as const,
      played_at: clock.now().toISOString(),
    };
    await expect(
      a.database.db.transaction().execute(async (trx) => {
        await a.deps.services.outbox.enqueue(trx, "submission.played", event);
        throw new Error("the play failed");
      }),
    ).rejects.toThrow("the play failed");
    expect(await a.database.db.selectFrom("outbox").select("id").where("id", "=", `mail:track_played:${event.entry.id}`).execute()).toEqual([]);
  });

  it("shows a member the options of their confirmed subscription, and a guest none", async () => {
    expect((await http.get("email-subscriptions/preferences")).body).toEqual({ queue_notifications: false, general_updates: false, up_next: false, success: true });
    const member = await createTestUser(a.deps, { email: address() });
    const token = member.access_token;
    await http.post("email-subscriptions/subscribe", { token, json: { email: member.user.email, queue_notifications: false, general_updates: true } });
    expect((await http.get("email-subscriptions/preferences", { token })).body.general_updates).toBe(false);
    await drain();
    await http.post(`email-subscriptions/confirm?token=${linkToken(mailTo(member.user.email!), "/email/confirm")}`);
    expect((await http.get("email-subscriptions/preferences", { token })).body).toEqual({ queue_notifications: false, general_updates: true, up_next: false, success: true });
    expect((await http.get("email-subscriptions/preferences", { token: await makeUserToken(a.deps) })).body.general_updates).toBe(false);
  });

  it("tells a guest who opted in that their song is up next, once, when it reaches the front of Waiting", async () => {
    await setQueue(true);
    expect((await http.delete("queuer/queue/admin", { token: adminToken })).status).toBe(200);
    const ahead = await makeSubmission(a.deps);
    const guest = await makeSubmission(a.deps);
    const email = address();
    const headers = { [GUEST_SECRET_HEADER]: guest.guestSecret! };
    await http.post("email-subscriptions/subscribe", { headers, json: { email, queue_notifications: false, general_updates: false, up_next: true } });
    await drain();
    expect(mailTo(email).text).toContain("a mail when your song is next");
    await http.post(`email-subscriptions/confirm?token=${linkToken(mailTo(email), "/email/confirm")}`);

    await makeSubmission(a.deps);
    await drain();
    expect(smtp.to(email)).toHaveLength(1);
    expect((await http.delete(`queuer/${ahead.row.id}/admin`, { token: adminToken })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await drain();
    await makeSubmission(a.deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await drain();
    expect(smtp.to(email).map((mail) => mail.header("subject"))).toEqual(["Confirm your e-mail subscription to Night Owl", `You're up next: ${guest.row.track_title}`]);
    expect(mailTo(email, 1).header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("tells a guest already first who confirms only then, at the next change of the queue", async () => {
    await setQueue(true);
    expect((await http.delete("queuer/queue/admin", { token: adminToken })).status).toBe(200);
    const guest = await makeSubmission(a.deps);
    await makeSubmission(a.deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const email = address();
    const headers = { [GUEST_SECRET_HEADER]: guest.guestSecret! };
    await http.post("email-subscriptions/subscribe", { headers, json: { email, queue_notifications: false, general_updates: false, up_next: true } });
    await drain();
    await http.post(`email-subscriptions/confirm?token=${linkToken(mailTo(email), "/email/confirm")}`);

    await makeSubmission(a.deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await drain();
    expect(smtp.to(email).map((mail) => mail.header("subject"))).toEqual(["Confirm your e-mail subscription to Night Owl", `You're up next: ${guest.row.track_title}`]);
  });
});
