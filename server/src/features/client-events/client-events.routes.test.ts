import { afterAll, beforeAll, expect, it } from "vitest";
import { CLIENT_EVENT_MESSAGES } from "@common/client-events";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { createFakeClock, type FakeClock } from "../../test/fake-clock";
import { makeAdmin, makeUserToken } from "../../test/factories";

describeEachDatabase("analytics/events", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let clock: FakeClock;
  let adminToken: string;
  beforeAll(async () => {
    clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
    ({ server, http, token: adminToken } = await startRouteTestApp(dialect, { clock, env: { RATE_LIMIT_EVENTS_MAX: "30", TRUST_PROXY: "true" } }));
  });
  afterAll(() => server.close());

  // Each test sends from its own address so the per-client limit of one does not spill into another.
  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const send = (json: unknown, ip: string, token?: string) => http.post("analytics/events", { json, headers: from(ip), token });
  const detail = (answer: { body: { detail: unknown } }) => (Array.isArray(answer.body.detail) ? answer.body.detail[0].msg : answer.body.detail);

  it("stores an event with its props, the member's id and nothing else, and counts it per day for the host", async () => {
    const token = await makeUserToken(server.deps, "member-1");
    expect(await send({ event: "queue.join_clicked", props: { source: "home", step: 2, fast: false, none: null }, ts: 1780336800000 }, "10.0.0.1", token)).toMatchObject({
      status: 202,
      body: { accepted: true },
    });
    await send({ event: "queue.join_clicked" }, "10.0.0.1");
    await send({ event: "live.opened", ts: "2026-06-01T18:00:00Z" }, "10.0.0.1");
    clock.advance(86_400_000);
    await send({ event: "live.opened" }, "10.0.0.1");

    const rows = await server.deps.db.selectFrom("client_events").selectAll().where("event", "=", "queue.join_clicked").orderBy("created_at").execute();
    expect(rows.map((row) => [row.user_id, JSON.parse(row.props)])).toEqual(
      expect.arrayContaining([
        ["member-1", { source: "home", step: 2, fast: false, none: null }],
        [null, {}],
      ]),
    );
    // A fresh token: the clock ran past the first one's life.
    adminToken = (await makeAdmin(server.deps)).accessToken;
    const daily = await http.get("analytics/events/daily?days=7", { token: adminToken });
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual([
      { day: "2026-06-02", event: "live.opened", count: 1 },
      { day: "2026-06-01", event: "queue.join_clicked", count: 2 },
      { day: "2026-06-01", event: "live.opened", count: 1 },
    ]);
    expect((await http.get("analytics/events/daily?days=1", { token: adminToken })).body).toEqual([{ day: "2026-06-02", event: "live.opened", count: 1 }]);
  });

  it("refuses bad names, big or nested props, e-mail addresses and bad times with the reason", async () => {
    const cases: [unknown, string][] = [
      [{}, CLIENT_EVENT_MESSAGES.eventRequired],
      [{ event: "" }, CLIENT_EVENT_MESSAGES.eventFormat],
      [{ event: "x".repeat(65) }, CLIENT_EVENT_MESSAGES.eventFormat],
      [{ event: "has space" }, CLIENT_EVENT_MESSAGES.eventFormat],
      [{ event: "ok", props: { a: { nested: true } } }, CLIENT_EVENT_MESSAGES.propsFlat],
      [{ event: "ok", props: [1, 2] }, CLIENT_EVENT_MESSAGES.propsFlat],
      [{ event: "ok", props: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, "v".repeat(200)])) }, CLIENT_EVENT_MESSAGES.propsTooLarge],
      [{ event: "ok", props: { who: "mira@example.com" } }, CLIENT_EVENT_MESSAGES.propsPersonal],
      [{ event: "ok", ts: "yesterday" }, CLIENT_EVENT_MESSAGES.tsFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await send(body, "10.0.0.2");
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(detail(answer), JSON.stringify(body)).toBe(message);
    }
  });

  it("limits each client, not everyone", async () => {
    const answers = [];
    for (let i = 0; i < 32; i += 1) answers.push(await send({ event: "tick" }, "10.0.0.3"));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(30);
    expect(answers.at(-1)!.status).toBe(429);
    expect((await send({ event: "tick" }, "10.0.0.4")).status).toBe(202);
  });

  it("shows the daily counts to the host only", async () => {
    expect((await http.get("analytics/events/daily")).status).toBe(401);
    expect((await http.get("analytics/events/daily", { token: await makeUserToken(server.deps) })).status).toBe(401);
    const bad = await http.get("analytics/events/daily?days=0", { token: adminToken });
    expect(bad.status).toBe(422);
  });
});
