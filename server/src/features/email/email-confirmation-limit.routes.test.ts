import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient, type HttpClient } from "../../test/http";
import { GUEST_SECRET_HEADER } from "@common/queue";
import { makeSubmission } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";
import { startSmtpServer } from "../../test/smtp";
import { createTestUser } from "../../test/users";

const HOUR = 3600 * 1000;
const SUBJECT = "Confirm your e-mail subscription to Night Owl";

/** Anyone may type any address into the subscribe card: the address's owner gets one mail a day at most. */
describeEachDatabase("confirmation mails to an address typed in again and again", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestApp;
  let http: HttpClient;
  const clock = createFakeClock(new Date("2026-11-22T20:00:00.000Z"));
  let seq = 0;
  const address = () => `target${++seq}.${dialect}@example.com`;
  const subscribe = (email: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    http.post("email-subscriptions/subscribe", { ...options, json: { email, queue_notifications: true, general_updates: false } });
  const drain = async () => {
    for (let round = 0; round < 3; round += 1) await server.deps.services.outbox.runDue();
  };
  const subjectsTo = (email: string) => smtp.to(email).map((mail) => mail.header("subject"));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestApp(dialect, { clock, env: { SMTP_URL: smtp.url(), STREAMER_NAME: "Night Owl" } });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await smtp.start();
    smtp.received.length = 0;
  });

  it("sends one confirmation a day, whoever asks, and answers every ask the same way", async () => {
    const email = address();
    const member = await createTestUser(server.deps);
    const guest = await makeSubmission(server.deps);
    const askers = [{}, { token: member.access_token }, { headers: { [GUEST_SECRET_HEADER]: guest.guestSecret! } }, {}];
    const answers = [];
    for (const asker of askers) answers.push(await subscribe(email, asker));
    await drain();
    expect(subjectsTo(email)).toEqual([SUBJECT]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }

    clock.advance(24 * HOUR - 1000);
    expect((await subscribe(email)).body).toEqual(answers[0]!.body);
    await drain();
    expect(subjectsTo(email)).toEqual([SUBJECT]);

    clock.advance(1000);
    await subscribe(email);
    await drain();
    expect(subjectsTo(email)).toEqual([SUBJECT, SUBJECT]);
  });

  it("sends one confirmation for many subscribes of the same address at once", async () => {
    const email = address();
    const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(email)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await drain();
    expect(subjectsTo(email)).toEqual([SUBJECT]);
  });

  it("counts each address on its own", async () => {
    const first = address();
    const second = address();
    await subscribe(first);
    await subscribe(second);
    await subscribe(first);
    await drain();
    expect(subjectsTo(first)).toEqual([SUBJECT]);
    expect(subjectsTo(second)).toEqual([SUBJECT]);
  });
});
