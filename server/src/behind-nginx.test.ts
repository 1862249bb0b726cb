import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "./test/test-app";
import { connectSocket } from "./test/live";
import { createTestAdmin } from "./test/admins";
import { openEmptyQueue } from "./test/factories";
import { NGINX_BINARY, startNginx, type TestNginx } from "./test/nginx";

const hasNginx = fs.existsSync(NGINX_BINARY);

interface Answer {
  status: number;
  body: any;
}

/** A request through the proxy from one loopback address (127.0.0.x), so each client really is a different address. */
function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : options.json === undefined ? undefined : JSON.stringify(options.json);
  const type = options.form ? "application/x-www-form-urlencoded" : "application/json";
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", localAddress, headers: { ...options.headers, ...(body ? { "content-type": type } : {}) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the test machine", () => {
  it("has nginx for the deployment test (CI must not skip it)", () => {
    if (process.env.CI === "true") expect(hasNginx, `${NGINX_BINARY} is missing: run scripts/prepare-test-machine.sh`).toBe(true);
  });
});

describeEachDatabase("LiveQueue behind nginx with TRUST_PROXY=1", (dialect) => {
  if (!hasNginx && process.env.CI !== "true") return void it.skip(`needs ${NGINX_BINARY} (scripts/prepare-test-machine.sh installs it)`);

  let server: TestApp;
  let nginx: TestNginx;
  const log: { msg?: string; req?: { remoteAddress?: string; url?: string } }[] = [];
  let api: string;

  beforeAll(async () => {
    server = await startTestApp(dialect, {
      env: { TRUST_PROXY: "1", RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_SUBMIT_MAX: "2", RATE_LIMIT_LOGIN_WINDOW_SECONDS: "600", RATE_LIMIT_SUBMIT_WINDOW_SECONDS: "600" },
      logger: { level: "info", stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    });
    nginx = await startNginx(Number(new URL(server.baseUrl).port));
    api = `${nginx.url}/api/v1`;
    await openEmptyQueue(server.deps);
  });
  afterAll(async () => {
    await nginx?.close();
    await server?.close();
  });

  it("limits sign-ins by the client's real address whatever X-Forwarded-For it forges", async () => {
    const { admin } = await createTestAdmin(server.deps);
    const signIn = (from: string, forged: string) =>
      requestFrom(from, `${api}/auth/admin`, { method: "POST", form: { username: admin.username, password: "wrong-password" }, headers: { "x-forwarded-for": forged } });
    const statuses = [];
    for (const forged of ["1.2.3.4", "5.6.7.8", "127.0.0.9", "2001:db8::1", "9.9.9.9, 8.8.8.8"]) statuses.push((await signIn("127.0.0.2", forged)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await signIn("127.0.0.2", "10.0.0.1");
    expect(refused.body).toEqual({ detail: "Too many requests", retry_after: expect.any(Number) });
    expect((await signIn("127.0.0.3", "127.0.0.2")).status).toBe(401);
  });

  it("limits submissions by the client's real address whatever X-Forwarded-For it forges", async () => {
    const submit = (from: string, forged: string, video: string) =>
      requestFrom(from, `${api}/queuer/`, { method: "POST", json: { link: `https://www.youtube.com/watch?v=${video}` }, headers: { "x-forwarded-for": forged } });
    expect((await submit("127.0.0.4", "1.1.1.1", "aaaaaaaaaa1")).status).not.toBe(429);
    expect((await submit("127.0.0.4", "2.2.2.2", "aaaaaaaaaa2")).status).not.toBe(429);
    expect((await submit("127.0.0.4", "3.3.3.3", "aaaaaaaaaa3")).status).toBe(429);
    expect((await submit("127.0.0.5", "127.0.0.4", "aaaaaaaaaa4")).status).not.toBe(429);
  });

  it("writes the client's real address in the request log, never the forged one", async () => {
    await requestFrom("127.0.0.6", `${api}/auth/admin`, { method: "POST", form: { username: "nobody", password: "wrong-password" }, headers: { "x-forwarded-for": "6.6.6.6" } });
    const addresses = log.filter((line) => line.req?.url === "/api/v1/auth/admin").map((line) => line.req?.remoteAddress);
    expect(addresses).toContain("127.0.0.6");
    expect(log.some((line) => JSON.stringify(line).includes("6.6.6.6"))).toBe(false);
    // nginx writes its access log after the answer has left, so the line may land a moment later.
    await expect.poll(() => nginx.accessLog()).toContain("127.0.0.6 ");
  });

  it("carries the live sockets through the proxy", async () => {
    const socket = await connectSocket(`${nginx.url.replace("http:", "ws:")}/ws/public`, { localAddress: "127.0.0.7" });
    try {
      expect(await socket.next("connection_established")).toEqual({ type: "connection_established", room: "public" });
      const message = { type: "system_message", message_type: "info", message: "Through the proxy", timestamp: new Date().toISOString() } as const;
      server.deps.live.publish({ target: { kind: "all" }, message });
      expect((await socket.next("system_message")).message).toBe("Through the proxy");
      socket.send({ type: "ping" });
      expect((await socket.next("pong")).type).toBe("pong");
    } finally {
      await socket.close();
    }
  });
});
