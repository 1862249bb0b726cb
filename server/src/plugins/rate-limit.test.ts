import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../test/test-app";
import { httpClient } from "../test/http";
import { createTestAdmin } from "../test/admins";

describeEachDatabase("login rate limit on one instance", (dialect) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_LOGIN_WINDOW_SECONDS: "120" } });
  });
  afterAll(() => server.close());

  it("answers 429 with Retry-After after the configured number of attempts, even with the right password", async () => {
    const admin = await createTestAdmin(server.deps);
    const http = httpClient(server.baseUrl);
    const attempt = (password: string) => http.post("auth/admin", { form: { username: admin.admin.username, password } });
    expect((await attempt("wrong-1")).status).toBe(401);
    expect((await attempt("wrong-2")).status).toBe(401);
    expect((await attempt(admin.password)).status).toBe(200);

    const limited = await attempt(admin.password);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(limited.body).toEqual({ detail: "Too many requests", retry_after: retryAfter });
  });

  it("leaves routes that did not opt in alone", async () => {
    const http = httpClient(server.baseUrl);
    for (let i = 0; i < 5; i += 1) expect((await http.get("set")).status).toBe(200);
  });
});
