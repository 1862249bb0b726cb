import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../test/test-app";
import { httpClient } from "../test/http";
import { createTestAdmin } from "../test/admins";

/** X-Forwarded-For as one proxy sends it: whatever the client claimed, then the address it really came from. */
const throughProxy = (claimed: string, real: string) => ({ "x-forwarded-for": `${claimed}, ${real}` });

describeEachDatabase("client address behind one trusted proxy", (dialect) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { TRUST_PROXY: "1", RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_LOGIN_WINDOW_SECONDS: "120" } });
  });
  afterAll(() => server.close());

  const signIn = (headers: Record<string, string>) => httpClient(server.baseUrl).post("auth/admin", { form: { username: "nobody", password: "wrong-password" }, headers });

  it("counts a client by the address the proxy saw, whatever it claims in X-Forwarded-For", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn(throughProxy(`198.51.100.${i}`, "203.0.113.10"))).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await signIn(throughProxy("198.51.100.1", "203.0.113.11"))).status).toBe(401);
  });

  it("counts every address of one IPv6 /64 as one client", async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await signIn(throughProxy("::1", `2001:db8:77:1::${i.toString(16)}`))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(throughProxy("::1", "2001:db8:77:2::1"))).status).toBe(401);
  });
});

describeEachDatabase("client address behind proxies named by address", (dialect) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { TRUST_PROXY: "127.0.0.1,10.0.0.0/8", RATE_LIMIT_SUBMIT_MAX: "2" } });
    await createTestAdmin(server.deps);
  });
  afterAll(() => server.close());

  it("takes the first address that is not a trusted proxy, so a forged one further left changes nothing", async () => {
    const http = httpClient(server.baseUrl);
    const submit = (claimed: string, real = "203.0.113.20") =>
      http.post("queuer/", { json: { link: "https://youtu.be/dQw4w9WgXcQ" }, headers: { "x-forwarded-for": `${claimed}, ${real}, 10.1.2.3` } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await submit(`198.51.100.${i}`)).status);
    expect(statuses[2]).toBe(429);
    expect((await submit("198.51.100.9", "203.0.113.21")).status).not.toBe(429);
  });
});

describeEachDatabase("TRUST_PROXY=true from an older setup", (dialect) => {
  it("starts with one trusted hop and says so in the log", async () => {
    const lines: { level: number; msg: string }[] = [];
    const server = await startTestApp(dialect, {
      env: { TRUST_PROXY: "true", PUBLIC_URL: "https://queue.example.com" },
      logger: { level: "warn", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining("TRUST_PROXY=true is read as one proxy hop") }));
      expect(server.deps.config.trustProxy).toBe(1);
    } finally {
      await server.close();
    }
  });
});
