import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "./test/test-app";
import { httpClient } from "./test/http";

describeEachDatabase("GET /api/v1/health", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect);
  });
  afterAll(() => server.close());

  it("answers 200 with a request id when the database answers", async () => {
    const response = await httpClient(server.baseUrl).get("health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: dialect });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers with a request id of its own, never one the client chose", async () => {
    const ids = new Set<string>();
    for (const given of ["aaaaaaaa-000001", "aaaaaaaa-000001", "x".repeat(64), "../../etc/passwd", "id\u00e9-with-unicode"]) {
      const response = await httpClient(server.baseUrl).get("health", { headers: { "x-request-id": given } });
      const id = response.headers.get("x-request-id")!;
      expect(id).not.toBe(given);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
  });

  it("answers unknown API paths with a 404 detail", async () => {
    const response = await httpClient(server.baseUrl).get("no-such-thing");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "Not Found" });
  });
});
