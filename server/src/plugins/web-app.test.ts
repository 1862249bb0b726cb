import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SYSTEM } from "../test/factories";
import { startTestApp } from "../test/test-app";
import { injectServedConfig, servedConfig } from "./web-app";

const INDEX = '<!doctype html><html><head><title>LiveQueue</title></head><body><div id="root"></div></body></html>';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-web-"));
  fs.writeFileSync(path.join(webDist, "index.html"), INDEX);
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

async function pagesOf(env: Record<string, string>) {
  const server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist, ...env } });
  try {
    const origin = server.baseUrl.replace(/\/api\/v1$/, "");
    return await Promise.all(
      ["/", "/index.html", "/queue", "/admin/settings"].map(async (url) => {
        const response = await fetch(`${origin}${url}`);
        return { url, status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), html: await response.text() };
      }),
    );
  } finally {
    await server.close();
  }
}

describe("the app's page", () => {
  it("tells the app to use the origin it was served from when PUBLIC_URL is unset, on every client route", async () => {
    for (const page of await pagesOf({})) {
      expect(page, page.url).toMatchObject({ status: 200, type: "text/html; charset=utf-8", cache: "no-cache" });
      expect(page.html, page.url).toContain('<meta name="livequeue:api-base" content="/api/v1/" /><meta name="livequeue:ws-base" content="/" /></head>');
      expect(page.html, page.url).toContain("<title>LiveQueue</title>");
    }
  });

  it("tells the app to use PUBLIC_URL when it is set (behind a proxy)", async () => {
    for (const page of await pagesOf({ PUBLIC_URL: "https://queue.example.com/" })) {
      expect(page.html, page.url).toContain('<meta name="livequeue:api-base" content="https://queue.example.com/api/v1/" />');
      expect(page.html, page.url).toContain('<meta name="livequeue:ws-base" content="https://queue.example.com/" />');
    }
  });

  it("sends / and /queue as a first visit sees them at the queue's status now when the build prerendered them, every other route the plain index", async () => {
    const prerendered = path.join(webDist, "prerendered");
    fs.mkdirSync(prerendered);
    const write = (file: string, root: string) => fs.writeFileSync(path.join(prerendered, file), INDEX.replace('<div id="root"></div>', `<div id="root">${root}</div>`));
    for (const status of ["open", "busy", "closed"]) {
      write(`home-${status}.html`, `<h1>Home ${status}</h1>`);
      write(`queue-${status}.html`, `<h1>Queue ${status}</h1>`);
    }
    const server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist } });
    const rootsNow = async () =>
      Object.fromEntries(
        await Promise.all(
          ["/", "/index.html", "/queue", "/admin/settings"].map(async (url) => {
            const html = await (await fetch(`${server.baseUrl.replace(/\/api\/v1$/, "")}${url}`)).text();
            expect(html, url).toContain('<meta name="livequeue:api-base" content="/api/v1/" />');
            return [url, /<div id="root">(.*?)<\/div>/.exec(html)?.[1]];
          }),
        ),
      );
    try {
      expect(await rootsNow()).toEqual({ "/": "<h1>Home closed</h1>", "/index.html": "<h1>Home closed</h1>", "/queue": "<h1>Queue closed</h1>", "/admin/settings": "" });
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
      expect(await rootsNow()).toMatchObject({ "/": "<h1>Home open</h1>", "/queue": "<h1>Queue open</h1>" });
      await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "false");
      expect(await rootsNow()).toMatchObject({ "/": "<h1>Home busy</h1>", "/queue": "<h1>Queue busy</h1>" });
    } finally {
      await server.close();
      fs.rmSync(prerendered, { recursive: true });
    }
  });

  it("sends the page compressed as the browser accepts it, brotli first, and a rebuilt page anew", async () => {
    const server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist } });
    const raw = (acceptEncoding: string | null) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; html: string }>((resolve, reject) => {
        const headers = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
        http
          .get(server.baseUrl.replace(/\/api\/v1$/, "/queue"), { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const body = Buffer.concat(chunks);
              const encoding = response.headers["content-encoding"];
              const html = (encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body).toString();
              resolve({ encoding, vary: response.headers.vary, html });
            });
          })
          .on("error", reject);
      });
    try {
      const pages = await Promise.all(["gzip, deflate, br", "gzip", "br;q=0, gzip", "identity", null].map(raw));
      expect(pages.map((page) => page.encoding)).toEqual(["br", "gzip", "gzip", undefined, undefined]);
      for (const page of pages) {
        expect(page.vary).toBe("accept-encoding");
        expect(page.html).toBe(pages[3]!.html);
        expect(page.html).toContain("<title>LiveQueue</title>");
      }
      fs.writeFileSync(path.join(webDist, "index.html"), INDEX.replace("<title>LiveQueue</title>", "<title>LiveQueue, rebuilt</title>"));
      fs.utimesSync(path.join(webDist, "index.html"), new Date(), new Date(Date.now() + 5000));
      expect((await raw("br")).html).toContain("<title>LiveQueue, rebuilt</title>");
    } finally {
      fs.writeFileSync(path.join(webDist, "index.html"), INDEX);
      await server.close();
    }
  });

  it("escapes what PUBLIC_URL could smuggle into the page", () => {
    const html = injectServedConfig(INDEX, servedConfig(`https://evil.example/"><script>alert('x')</script>`, "/api/v1"));
    expect(html).not.toContain("<script>");
    expect(html).toContain('content="https://evil.example/&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;/api/v1/"');
  });
});
