import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app";
import { rawGet } from "../test/http";

const script = `console.log(${JSON.stringify("LiveQueue ".repeat(200))});`;
const page = "<!doctype html><title>LiveQueue</title><script type=module src=/assets/index-Ab12Cd34.js></script>";
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7950f2"/></svg>';

describe("the built web app's files", () => {
  let webDist: string;
  let server: TestApp;
  let origin: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-web-"));
    fs.mkdirSync(path.join(webDist, "assets"));
    const asset = path.join(webDist, "assets", "index-Ab12Cd34.js");
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, "index.html"), page);
    fs.writeFileSync(path.join(webDist, "favicon.svg"), favicon);
    server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist } });
    origin = server.baseUrl.replace(/\/api\/v1$/, "");
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("sends a hashed asset as brotli to a browser that accepts it, cached for a year", async () => {
    const answer = await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("sends gzip to a browser that accepts only gzip", async () => {
    const answer = await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(answer.body).toString()).toBe(script);
  });

  it("sends the plain file to a client that accepts no encoding", async () => {
    const answer = await rawGet(`${origin}/assets/index-Ab12Cd34.js`);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it("has the index revalidated, at / and for a client route", async () => {
    const home = await rawGet(`${origin}/`, { "accept-encoding": "br" });
    expect(home.status).toBe(200);
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    const clientRoute = await rawGet(`${origin}/queue`);
    expect(clientRoute.status).toBe(200);
    expect(clientRoute.headers["cache-control"]).toBe("no-cache");
    expect(clientRoute.body.toString()).toContain("<title>LiveQueue</title>");
  });

  it("serves the favicon from the app's public folder as SVG, revalidated like the index", async () => {
    const answer = await rawGet(`${origin}/favicon.svg`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.body.toString()).toBe(favicon);
  });
});
