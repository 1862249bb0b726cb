import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app";
import { contentSecurityPolicy, presignedMediaOrigin } from "./security-headers";

const INDEX = '<!doctype html><html><head><title>LiveQueue</title></head><body><div id="root"></div></body></html>';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-web-"));
  fs.writeFileSync(path.join(webDist, "index.html"), INDEX);
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

async function withServer<T>(env: Record<string, string>, use: (origin: string, server: TestApp) => Promise<T>): Promise<T> {
  const server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist, ...env } });
  try {
    return await use(server.baseUrl.replace(/\/api\/v1$/, ""), server);
  } finally {
    await server.close();
  }
}

describe("security headers", () => {
  it("gives the app's pages a strict policy that no site may frame", async () => {
    await withServer({}, async (origin) => {
      for (const url of ["/", "/queue", "/admin", "/admin/settings", "/no-such-page", "/overlay-not-really"]) {
        const response = await fetch(`${origin}${url}`);
        const csp = directives(response.headers.get("content-security-policy"));
        expect(csp["default-src"], url).toEqual(["'self'"]);
        expect(csp["script-src"], url).toEqual(["'self'", "https://accounts.google.com"]);
        expect(csp["frame-src"], url).toEqual(["'self'", "https://accounts.google.com", "https://www.youtube.com", "https://www.youtube-nocookie.com"]);
        expect(csp["object-src"], url).toEqual(["'none'"]);
        expect(csp["frame-ancestors"], url).toEqual(["'none'"]);
        expect(response.headers.get("x-frame-options"), url).toBe("DENY");
        expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
        expect(response.headers.get("referrer-policy"), url).toBe("strict-origin-when-cross-origin");
        expect(response.headers.get("strict-transport-security"), url).toBeNull();
      }
    });
  });

  it("gives the API's answers, its errors included, a policy under which nothing loads and no site frames them", async () => {
    await withServer({}, async (origin) => {
      const answers = [
        await fetch(`${origin}/api/v1/health`),
        await fetch(`${origin}/api/v1/queue-position/overview`),
        await fetch(`${origin}/api/v1/queue-position/position/not-an-id`),
        await fetch(`${origin}/api/v1/no-such-route`),
        await fetch(`${origin}/api/v1/queuer/`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" }),
      ];
      expect(answers.map((response) => response.status)).toEqual([200, 200, 404, 404, 400]);
      for (const response of answers) {
        expect(response.headers.get("content-security-policy"), response.url).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(response.headers.get("x-frame-options"), response.url).toBe("DENY");
        expect(response.headers.get("x-content-type-options"), response.url).toBe("nosniff");
        expect(response.headers.get("referrer-policy"), response.url).toBe("strict-origin-when-cross-origin");
      }
    });
  });

  it("lets any site or streaming tool frame the overlay pages, and nothing else", async () => {
    await withServer({}, async (origin) => {
      for (const url of ["/overlay", "/overlay/now-playing", "/overlay/up-next?theme=dark"]) {
        const response = await fetch(`${origin}${url}`);
        expect(response.status, url).toBe(200);
        const csp = directives(response.headers.get("content-security-policy"));
        expect(csp["frame-ancestors"], url).toEqual(["*"]);
        expect(csp["script-src"], url).toEqual(["'self'", "https://accounts.google.com"]);
        expect(response.headers.get("x-frame-options"), url).toBeNull();
        expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      }
    });
  });

  it("lets the host's player load the platforms' player scripts and frames, from where the settings say", async () => {
    await withServer({ YOUTUBE_IFRAME_API_URL: "http://127.0.0.1:9/fakes/youtube-iframe-api.js" }, async (origin) => {
      const response = await fetch(`${origin}/overlay/player`);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp["frame-ancestors"]).toEqual(["*"]);
      expect(csp["script-src"]).toEqual(["'self'", "https://accounts.google.com", "https://w.soundcloud.com", "https://open.spotify.com", "http://127.0.0.1:9"]);
      expect((await fetch(`${origin}/overlay`)).headers.get("content-security-policy")).not.toContain("soundcloud");
      expect(csp["frame-src"]).toContain("https://www.youtube.com");
      expect(csp["frame-src"]).toContain("http://127.0.0.1:9");
      expect(response.headers.get("x-frame-options")).toBeNull();
    });
  });

  it("serves Swagger UI under its own policy: its scripts from this site only, never framed", async () => {
    await withServer({}, async (origin) => {
      const page = await fetch(`${origin}/api/docs/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("swagger-ui-bundle.js");
      for (const response of [page, await fetch(`${origin}/api/docs/static/swagger-initializer.js`)]) {
        const csp = directives(response.headers.get("content-security-policy"));
        expect(csp["script-src"]).toEqual(["'self'"]);
        expect(csp["frame-ancestors"]).toEqual(["'none'"]);
        expect(response.headers.get("x-frame-options")).toBe("DENY");
      }
    });
  });

  it("never allows inline or evaluated scripts on any page", () => {
    for (const kind of ["app", "api", "overlay", "player", "docs"] as const) {
      const scripts = directives(contentSecurityPolicy(kind))["script-src"] ?? directives(contentSecurityPolicy(kind))["default-src"]!;
      expect(
        scripts.some((source) => source.includes("unsafe") || source === "data:" || source === "*"),
        kind,
      ).toBe(false);
    }
  });

  it("sends HSTS when PUBLIC_URL is https, and lets the app reach the API and sockets there", async () => {
    await withServer({ PUBLIC_URL: "https://queue.example.com" }, async (origin) => {
      const page = await fetch(`${origin}/`);
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(directives(page.headers.get("content-security-policy"))["connect-src"]).toEqual([
        "'self'",
        "https://queue.example.com",
        "wss://queue.example.com",
        "https://accounts.google.com",
      ]);
    });
  });

  it("sends HSTS for a request a trusted proxy says came over https, and believes no one else", async () => {
    await withServer({ TRUST_PROXY: "true" }, async (origin) => {
      const overHttps = await fetch(`${origin}/queue`, { headers: { "x-forwarded-proto": "https" } });
      expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect((await fetch(`${origin}/queue`)).headers.get("strict-transport-security")).toBeNull();
    });
    await withServer({}, async (origin) => {
      const forged = await fetch(`${origin}/queue`, { headers: { "x-forwarded-proto": "https" } });
      expect(forged.headers.get("strict-transport-security")).toBeNull();
    });
  });

  it("lets the host's player fetch audio from the bucket only when it is given the bucket's own URLs", () => {
    const s3 = { bucket: "songs", region: "eu-west-1", endpoint: null, credentials: null, forcePathStyle: false, keyPrefix: "uploads/", presignedDownloads: true };
    expect(presignedMediaOrigin(s3)).toBe("https://songs.s3.eu-west-1.amazonaws.com");
    expect(presignedMediaOrigin({ ...s3, endpoint: "http://minio.local:9000/", forcePathStyle: true })).toBe("http://minio.local:9000");
    expect(presignedMediaOrigin({ ...s3, presignedDownloads: false })).toBeNull();
    expect(presignedMediaOrigin(null)).toBeNull();
    expect(directives(contentSecurityPolicy("app", { mediaOrigin: "http://minio.local:9000" }))["media-src"]).toEqual(["'self'", "blob:", "http://minio.local:9000"]);
  });
});
