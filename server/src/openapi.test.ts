import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { startTestApp, type TestApp } from "./test/test-app";

interface Route {
  method: string;
  path: string;
}

/** Every route of the app, read from Fastify's own route table (`printRoutes` without common prefixes). */
function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const connector = line.search(/[├└]── /);
    if (connector < 0) continue;
    const depth = connector / 4;
    const [, segment = "", methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(connector + 4)) ?? [];
    parents.length = depth;
    const path = parents.join("") + segment;
    parents.push(segment);
    for (const method of methods?.split(", ") ?? []) routes.push({ method, path });
  }
  return routes;
}

/**
 * Routes the document leaves out, and why:
 * - HEAD: Fastify answers HEAD for every GET by itself (the same route without a body);
 * - /ws/public, /ws/admin: WebSocket upgrades, which OpenAPI cannot describe (their messages are
 *   typed in common/src/live.ts);
 * - /api/docs…: Swagger UI's page, its static assets and its own copy of this document.
 */
function isDocumented({ method, path }: Route): boolean {
  return method !== "HEAD" && !path.startsWith("/ws/") && !path.startsWith("/api/docs");
}

/** `/queuer/:id` -> `/queuer/{id}`, as OpenAPI writes path parameters. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

type Operation = { responses?: Record<string, { description?: string; content?: unknown }>; tags?: string[]; summary?: string };

/**
 * A route without a response schema still shows a bare `200: Default Response` (@fastify/swagger's
 * filler); a declared answer has content, or (204, redirects) a description of its own.
 */
const isDeclared = (response: { description?: string; content?: unknown }) => response.content !== undefined || response.description !== "Default Response";
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
}

describe("the OpenAPI document", () => {
  let server: TestApp;
  let routes: Route[];
  let document: Document;

  beforeAll(async () => {
    server = await startTestApp("sqlite");
    routes = routeTable(server.app).filter(isDocumented);
    const response = await fetch(`${server.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(() => server.close());

  it("reads the whole route table", () => {
    expect(routes.length).toBeGreaterThan(55);
    expect(routes).toContainEqual({ method: "PUT", path: "/api/v1/queuer/:id/admin" });
    expect(routes).toContainEqual({ method: "GET", path: "/api/v1/health" });
  });

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every HTTP route, each with a summary, a tag and the schema of its successful answer", () => {
    const problems = routes.flatMap((route) => {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.path}`;
      if (!operation) return [`${name} is missing from the document`];
      const success = Object.entries(operation.responses ?? {}).filter(([status, response]) => /^[23]\d\d$/.test(status) && isDeclared(response));
      return [...(success.length ? [] : [`${name} declares no response schema`]), ...(operation.summary && operation.tags?.length ? [] : [`${name} has no summary or tag`])];
    });
    expect(problems).toEqual([]);
  });

  it("documents no operation the app does not serve", () => {
    const served = new Set(routes.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it("describes the admin token, the member token and the guest secret", () => {
    expect(document.components.securitySchemes).toMatchObject({
      adminToken: { type: "http", scheme: "bearer" },
      userToken: { type: "http", scheme: "bearer" },
      guestSecret: { type: "apiKey", in: "header", name: "X-Guest-Secret" },
    });
    expect(document.paths["/api/v1/queuer/{id}"]!.put).toMatchObject({ security: [{ userToken: [] }, { guestSecret: [] }] });
  });

  it("serves Swagger UI at /api/docs, with its assets", async () => {
    const origin = server.baseUrl.replace(/\/api\/v1$/, "");
    const page = await fetch(`${origin}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Swagger UI");
    const script = await fetch(`${origin}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    await script.arrayBuffer();
  });
});

describe("the docs next to the built web app", () => {
  it("are not taken for a page of the app", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-web-"));
    fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>LiveQueue</title>");
    const server = await startTestApp("sqlite", { env: { WEB_DIST_DIR: webDist } });
    try {
      const origin = server.baseUrl.replace(/\/api\/v1$/, "");
      expect(await (await fetch(`${origin}/queue`)).text()).toContain("<title>LiveQueue</title>");
      expect(await (await fetch(`${origin}/api/docs`)).text()).toContain("Swagger UI");
      const css = await fetch(`${origin}/api/docs/static/swagger-ui.css`);
      expect(css.status).toBe(200);
      expect(css.headers.get("content-type")).toMatch(/^text\/css/);
      await css.arrayBuffer();
      const unknown = await fetch(`${origin}/api/docs/nothing-here`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ detail: "Not Found" });
    } finally {
      await server.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
