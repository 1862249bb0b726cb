import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("sends / and /queue as a first visit sees them when the build prerendered them, every other route the plain index", async () => {
    const prerendered = path.join(webDist, "prerendered");
    fs.mkdirSync(prerendered);
    fs.writeFileSync(path.join(prerendered, "home.html"), INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Home</h1></div>'));
    fs.writeFileSync(path.join(prerendered, "queue.html"), INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Queue</h1></div>'));
    try {
      const roots = Object.fromEntries((await pagesOf({})).map((page) => [page.url, /<div id="root">(.*?)<\/div>/.exec(page.html)?.[1]]));
      expect(roots).toEqual({ "/": "<h1>Home</h1>", "/index.html": "<h1>Home</h1>", "/queue": "<h1>Queue</h1>", "/admin/settings": "" });
      for (const page of await pagesOf({})) expect(page.html, page.url).toContain('<meta name="livequeue:api-base" content="/api/v1/" />');
    } finally {
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
