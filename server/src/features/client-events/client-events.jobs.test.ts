import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createFakeClock } from "../../test/fake-clock";
import { jobs } from "../jobs";
import { pruneClientEvents } from "./client-events.jobs";

const DAY_MS = 86_400_000;

describeEachDatabase("client event retention", (dialect) => {
  let server: TestApp;
  const clock = createFakeClock(new Date("2026-01-01T12:00:00Z"));
  beforeAll(async () => {
    server = await startTestApp(dialect, { clock });
  });
  afterAll(() => server.close());

  const send = async (event: string) => expect((await httpClient(server.baseUrl).post("analytics/events", { json: { event } })).status).toBe(202);
  const stored = async () => (await server.deps.db.selectFrom("client_events").select("event").orderBy("created_at").execute()).map((row) => row.event);

  it("deletes events older than 90 days and keeps the newer ones", async () => {
    expect(jobs).toContain(pruneClientEvents);
    await send("old.event");
    clock.advance(60 * DAY_MS);
    await send("recent.event");
    clock.advance(30 * DAY_MS - 1);

    await pruneClientEvents.run(server.deps);
    expect(await stored()).toEqual(["old.event", "recent.event"]);

    clock.advance(2);
    await pruneClientEvents.run(server.deps);
    expect(await stored()).toEqual(["recent.event"]);

    clock.advance(60 * DAY_MS);
    await pruneClientEvents.run(server.deps);
    expect(await stored()).toEqual([]);
  });
});
