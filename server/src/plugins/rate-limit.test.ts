import net from "node:net";
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

/** Sends a whole request and resets the connection at once, before the server has accepted it. */
function sendAndReset(port: number, request: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(request);
      socket.resetAndDestroy();
      resolve();
    });
    socket.on("error", () => resolve());
  });
}

describeEachDatabase("rate limit and clients that go away", (dialect) => {
  let server: TestApp;
  const log: { level: number; msg: string; err?: { message: string } }[] = [];

  beforeAll(async () => {
    server = await startTestApp(dialect, {
      env: { RATE_LIMIT_LOGIN_MAX: "1000" },
      logger: { level: "debug", stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    });
  });
  afterAll(() => server.close());

  it("drops a limited request whose client reset the connection before it was handled, without an error", async () => {
    const port = new URL(server.baseUrl).port;
    const body = "username=nobody&password=wrong";
    const request =
      `POST /api/v1/auth/admin HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/x-www-form-urlencoded\r\n` + `content-length: ${body.length}\r\n\r\n${body}`;
    for (let i = 0; i < 50; i += 1) await sendAndReset(Number(port), request);
    // Let the server take the connections in: Node has no address left for them.
    const dropped = () => log.some((line) => line.msg === "client closed the connection before its request was handled");
    const failed = () => log.filter((line) => line.level >= 50).map((line) => line.err?.message ?? line.msg);
    const deadline = Date.now() + 5000;
    while (!dropped() && failed().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

    expect(failed()).toEqual([]);
    expect(dropped()).toBe(true);
    const answer = await httpClient(server.baseUrl).post("auth/admin", { form: { username: "nobody", password: "wrong" } });
    expect(answer.status).toBe(401);
  });
});
