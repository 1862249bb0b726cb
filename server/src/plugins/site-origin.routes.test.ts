import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type RouteTestApp } from "../test/test-app";
import { openEmptyQueue } from "../test/factories";

const SITE = "https://queue.example.com";

/** A request with a Host header of the caller's choosing (fetch always sends the real one). */
function requestWithHost(url: string, host: string, options: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise<{ status: number; text: string; location?: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: { ...options.headers, host, ...(body ? { "content-type": "application/json" } : {}) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text, location: response.headers.location }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const FORGED_HOSTS = ["evil.example", "queue.example.com.evil.example", "localhost.evil.example:8000"];

describeEachDatabase("the app's own address with PUBLIC_URL set", (dialect) => {
  let route: RouteTestApp;

  beforeAll(async () => {
    route = await startRouteTestApp(dialect, { env: { PUBLIC_URL: SITE, TRUST_PROXY: "1", RATE_LIMIT_CHAT_MAX: "1000" } });
    await openEmptyQueue(route.server.deps);
  });
  afterAll(() => route.server.close());

  it("gives upload URLs on PUBLIC_URL whatever host the request named", async () => {
    for (const host of FORGED_HOSTS) {
      const answer = await requestWithHost(`${route.server.baseUrl}/files/presign-upload`, host, { method: "POST", json: { filename: "song.mp3", content_type: "audio/mpeg" } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).put_url).toMatch(new RegExp(`^${SITE}/api/v1/files/upload/`));
    }
    const forwarded = await requestWithHost(`${route.server.baseUrl}/files/presign-upload`, "127.0.0.1", {
      method: "POST",
      json: { filename: "song.mp3", content_type: "audio/mpeg" },
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expect(JSON.parse(forwarded.text).put_url).toMatch(new RegExp(`^${SITE}/api/v1/files/upload/`));
  });

  it("links chat answers to PUBLIC_URL whatever host the bot's request named", async () => {
    const secret = (await route.http.post("chat/admin/secret", { token: route.token })).body.secret;
    for (const host of FORGED_HOSTS) {
      const answer = await requestWithHost(`${route.server.baseUrl}/chat/${secret}/link`, host);
      expect(answer.text).toBe(`Send your song at ${SITE}/queue`);
    }
  });
});

describeEachDatabase("the app's own address without PUBLIC_URL", (dialect) => {
  let route: RouteTestApp;

  beforeAll(async () => {
    route = await startRouteTestApp(dialect, { env: { ALLOWED_HOSTS: "queue.example.org, [2001:db8::1]:8443" } });
    await openEmptyQueue(route.server.deps);
  });
  afterAll(() => route.server.close());

  const putUrl = async (host: string) =>
    JSON.parse((await requestWithHost(`${route.server.baseUrl}/files/presign-upload`, host, { method: "POST", json: { filename: "a.mp3", content_type: "audio/mpeg" } })).text)
      .put_url as string;

  it("uses a host named in ALLOWED_HOSTS, or this machine on any port, as the request named it", async () => {
    expect(await putUrl("Queue.Example.org")).toMatch(/^http:\/\/queue\.example\.org\/api\/v1\/files\/upload\//);
    expect(await putUrl("[2001:db8::1]:8443")).toMatch(/^http:\/\/\[2001:db8::1\]:8443\/api\/v1\//);
    expect(await putUrl("localhost:5173")).toMatch(/^http:\/\/localhost:5173\/api\/v1\//);
  });

  it("answers any other host with the app's default address, never the host it named", async () => {
    for (const host of [...FORGED_HOSTS, "queue.example.org:1234"]) expect(await putUrl(host)).toMatch(/^http:\/\/localhost:8000\/api\/v1\//);
  });
});
