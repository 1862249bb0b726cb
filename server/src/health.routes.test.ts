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

  it("answers unknown API paths with a 404 detail", async () => {
    const response = await httpClient(server.baseUrl).get("no-such-thing");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "Not Found" });
  });
});
