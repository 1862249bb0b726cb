import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeSubmission, resetQueue, TEST_SYSTEM, openEmptyQueue, submissionForm } from "../../test/factories";
import { createTestUser, type TestUser } from "../../test/users";
import { createFastPassSpender } from "./loyalty.service";

const TEST_ENV = { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" };

describeEachDatabase("fast pass: spending a token on a submission", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  beforeAll(async () => {
    ({ server, http } = await startRouteTestApp(dialect, { env: TEST_ENV }));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  const give = (member: TestUser, priority_level: number, count: number) =>
    server.deps.services.loyalty.grant(TEST_SYSTEM, { user_id: member.user.user_id, source: "admin_grant", priority_level, count });
  const submit = (member: TestUser, i: number | string, level?: number, query = "") =>
    http.post(`queuer/${query}`, { json: submissionForm(i), token: member.access_token, headers: level === undefined ? {} : { "X-FastPass-Level": String(level) } });
  const balance = async (member: TestUser) => (await http.get("loyalty/balance", { token: member.access_token })).body;

  it("puts a VIP ahead of earlier regular entries, marks it as paid by Fast Pass and spends one token", async () => {
    await makeSubmission(server.deps);
    await makeSubmission(server.deps);
    const member = await createTestUser(server.deps);
    await give(member, 2, 2);

    const response = await submit(member, 1, 2);
    expect(response.status).toBe(201);
    expect(response.body.queuer).toMatchObject({ priority_level: 2, payment_source: "fast_pass", premium_expires: null, owner_id: member.user.user_id });
    expect(await balance(member)).toEqual({ available_tokens: 1, tokens_by_level: { "1": 0, "2": 1, "3": 0 } });

    const waiting = (await http.get("queuer/queue")).body as { id: string }[];
    expect(waiting[0]!.id).toBe(response.body.queuer.id);
    expect(waiting).toHaveLength(3);
    const spend = await server.deps.db.selectFrom("fastpass_ledger").selectAll().where("source", "=", "spend").execute();
    expect(spend).toMatchObject([{ user_id: member.user.user_id, priority_level: 2, count: -1, submission_id: response.body.queuer.id }]);
  });

  it("spends nothing when the submission is refused: closed queue, paused, second entry, duplicate link, bad input, wrong tier", async () => {
    const member = await createTestUser(server.deps);
    await give(member, 1, 1);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    expect((await submit(member, 1, 1)).body).toEqual({ detail: "Queue is closed. Try again when it opens." });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "false");
    expect((await submit(member, 1, 1)).status).toBe(400);
    await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "true");

    const bad = await http.post("queuer/", { json: submissionForm(1, { link: "not a link" }), token: member.access_token, headers: { "X-FastPass-Level": "1" } });
    expect(bad.status).toBe(422);
    expect((await submit(member, 1, 2)).body).toEqual({ detail: "You have no VIP Fast Pass left" });

    const taken = await makeSubmission(server.deps);
    const duplicate = await http.post("queuer/?bypass_duplicates=false", {
      json: submissionForm(1, { link: taken.row.link }),
      token: member.access_token,
      headers: { "X-FastPass-Level": "1" },
    });
    expect(duplicate).toMatchObject({ status: 409, body: { detail: "This link is already in the queue" } });

    expect((await submit(member, 2)).status).toBe(201);
    expect(await submit(member, 3, 1)).toMatchObject({ status: 409, body: { detail: "You already have a submission in the queue" } });
    expect(await balance(member)).toEqual({ available_tokens: 1, tokens_by_level: { "1": 1, "2": 0, "3": 0 } });
  });

  it("asks a guest to sign in before spending", async () => {
    const response = await http.post("queuer/", { json: submissionForm(1), headers: { "X-FastPass-Level": "1" } });
    expect(response).toMatchObject({ status: 400, body: { detail: "Sign in to use a Fast Pass" } });
  });

  it("spends a single token once when 20 submits race, leaving one entry", async () => {
    const member = await createTestUser(server.deps);
    await give(member, 3, 1);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(member, `race-${i}`, 3)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect([400, 409]).toContain(refused.status);
      expect(["You already have a submission in the queue", "You have no Super VIP Fast Pass left"]).toContain(refused.body.detail);
    }
    const live = await server.deps.db.selectFrom("submissions").select("id").where("owner_id", "=", member.user.user_id).execute();
    expect(live).toHaveLength(1);
    expect(await balance(member)).toEqual({ available_tokens: 0, tokens_by_level: { "1": 0, "2": 0, "3": 0 } });
    const spends = await server.deps.db.selectFrom("fastpass_ledger").select("id").where("user_id", "=", member.user.user_id).where("source", "=", "spend").execute();
    expect(spends).toHaveLength(1);
  });

  it("spends one token per submission when the member's entry left between races", async () => {
    const member = await createTestUser(server.deps);
    await give(member, 1, 2);
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => submit(member, `r${round}-${i}`, 1)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(round <= 2 ? 1 : 0);
      await server.deps.db.updateTable("submissions").set({ status: "removed" }).where("owner_id", "=", member.user.user_id).execute();
      await resetQueue(server.deps);
    }
    expect((await balance(member)).available_tokens).toBe(0);
  });
});

describeEachDatabase("fast pass: the spend itself", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect);
  });
  afterAll(() => server.close());

  it("lets only one of ten concurrent spends of a single token commit, even without the one-entry rule", async () => {
    const member = await createTestUser(server.deps);
    await server.deps.services.loyalty.grant(TEST_SYSTEM, { user_id: member.user.user_id, source: "admin_grant", priority_level: 2, count: 1 });
    const spender = createFastPassSpender(server.deps);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => server.deps.db.transaction().execute((trx) => spender.spend(trx, { userId: member.user.user_id, level: 2, entryId: `entry-${i}` }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set(["You have no VIP Fast Pass left"]));
    const balance = await server.deps.services.loyalty.balance({ kind: "person", userId: member.user.user_id, guestId: null, invalidGuestSecret: false });
    expect(balance.available_tokens).toBe(0);
  });
});
