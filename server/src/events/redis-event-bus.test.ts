import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, startTwoInstancesOverRedis, type TestApp } from "../test/test-app";
import { httpClient } from "../test/http";
import { createTestAdmin, type TestAdmin } from "../test/admins";
import { connectSocket, type TestSocket } from "../test/live";
import { TEST_REDIS_URL, uniqueRedisPrefix } from "../test/redis";
import { summarize } from "../features/queue/queue-events";
import { submissionRow } from "../test/submission-row";

describeEachDatabase("two instances sharing one database and Redis", (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestAdmin;
  let socketOnA: TestSocket;
  let socketOnB: TestSocket;

  beforeAll(async () => {
    ({ a, b } = await startTwoInstancesOverRedis(dialect));
    admin = await createTestAdmin(a.deps);
    socketOnA = await connectSocket(`${a.wsUrl}/ws/public?user_id=guest_a`);
    socketOnB = await connectSocket(`${b.wsUrl}/ws/public?user_id=guest_b`);
  });
  afterAll(async () => {
    await Promise.all([socketOnA.close(), socketOnB.close()]);
    await b.close();
    await a.close();
  });

  it("shows a setting changed on one instance on the other's sockets and in its cache", async () => {
    const onB = httpClient(b.baseUrl);
    expect((await onB.get("set/isQueueOn")).body.state).toBe("false");

    const response = await httpClient(a.baseUrl).put("set/isQueueOn", { token: admin.accessToken, json: { state: "true" } });
    expect(response.status).toBe(200);

    for (const socket of [socketOnA, socketOnB]) {
      expect(await socket.next("settings_update")).toMatchObject({ setting_name: "isQueueOn", setting_value: "true" });
      expect(await socket.next("system_message")).toMatchObject({ message: "Queue is now OPEN" });
    }
    expect((await onB.get("set/isQueueOn")).body.state).toBe("true");
    expect(await b.deps.services.settings.isQueueOpen()).toBe(true);
  });

  it("delivers each event once on the instance that published it", async () => {
    await httpClient(b.baseUrl).put("set/inactivityTimeoutMinutes", { token: admin.accessToken, json: { state: "45" } });
    const isTimeout = (m: { setting_name: string }) => m.setting_name === "inactivityTimeoutMinutes";
    expect(await socketOnB.next("settings_update", isTimeout)).toMatchObject({ setting_value: "45" });
    expect(await socketOnA.next("settings_update", isTimeout)).toMatchObject({ setting_value: "45" });
    await Promise.all([socketOnA.expectNone("settings_update"), socketOnB.expectNone("settings_update")]);
    expect((await httpClient(a.baseUrl).get("set/inactivityTimeoutMinutes")).body.state).toBe("45");
  });

  it("reaches a user's socket on whichever instance it is connected to", async () => {
    const entry = summarize(submissionRow({ user_id: "guest_b", status: "played" }));
    await a.deps.events.emit("submission.played", { entry, from: "active", played_at: "2026-11-22T03:00:00.000Z" });
    expect(await socketOnB.next("submission_played")).toMatchObject({ artist_name: entry.artist_name, played_at: "2026-11-22T03:00:00.000Z" });
    await socketOnA.expectNone("submission_played");
  });

  it("keeps login limits across instances", async () => {
    const prefix = uniqueRedisPrefix();
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_LOGIN_MAX: "3" };
    const third = await startTestApp(dialect, { database: a.database, env });
    const fourth = await startTestApp(dialect, { database: b.database, env });
    try {
      const attempt = (server: TestApp) => httpClient(server.baseUrl).post("auth/admin", { form: { username: "nobody", password: "guess-123" } });
      expect((await attempt(third)).status).toBe(401);
      expect((await attempt(fourth)).status).toBe(401);
      expect((await attempt(third)).status).toBe(401);
      const limited = await attempt(fourth);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ detail: "Too many requests", retry_after: expect.any(Number) });
    } finally {
      await third.close();
      await fourth.close();
    }
  });
});
