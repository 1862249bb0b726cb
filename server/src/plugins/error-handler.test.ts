import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { validatorCompiler } from "../lib/validation";
import { RESPONSE_SCHEMA_MISMATCH, registerErrorHandler } from "./error-handler";

describe("route schema failures on the wire", () => {
  let app: FastifyInstance;
  const logged: { msg?: string; route?: string }[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: { level: "error", stream: { write: (line: string) => void logged.push(JSON.parse(line)) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      "/items/:id",
      {
        schema: {
          params: z.object({ id: z.string().min(3, "id is too short") }),
          querystring: z.object({ page: z.coerce.number().int("page must be a whole number").optional() }),
          headers: z.object({ "x-level": z.enum(["1", "2"], { error: "X-Level must be 1 or 2" }).optional() }),
          body: z.object({ name: z.string().optional(), tags: z.array(z.string().max(3, "tag is too long")).optional() }),
          response: { 200: z.object({ id: z.string(), name: z.string() }) },
        },
      },
      async (request) => ({ id: request.params.id, name: request.body.name ?? "none", secret: "never on the wire" }),
    );
    api.get("/broken", { schema: { response: { 200: z.object({ count: z.number() }) } } }, async () => ({ count: "5" as unknown as number }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    app.inject({ method: "POST", url, payload: options.body as object | undefined, headers: options.headers });

  it("locates a refused field with FastAPI's names for each part of the request", async () => {
    const path = await post("/items/ab", { body: {} });
    expect(path.statusCode).toBe(422);
    expect(path.json()).toEqual({ detail: [{ loc: ["path", "id"], msg: "id is too short", type: "too_small" }] });

    const query = await post("/items/abc?page=1.5", { body: {} });
    expect(query.json().detail[0]).toMatchObject({ loc: ["query", "page"], msg: "page must be a whole number" });

    const header = await post("/items/abc", { body: {}, headers: { "X-Level": "9" } });
    expect(header.json().detail[0]).toMatchObject({ loc: ["header", "x-level"], msg: "X-Level must be 1 or 2" });

    const body = await post("/items/abc", { body: { tags: ["ok", "much too long"] } });
    expect(body.statusCode).toBe(422);
    expect(body.json().detail[0]).toMatchObject({ loc: ["body", "tags", 1], msg: "tag is too long" });
  });

  it("checks a missing body as an empty one", async () => {
    const response = await post("/items/abc");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: "abc", name: "none" });
  });

  it("sends only the fields the response schema names", async () => {
    const response = await post("/items/abc", { body: { name: "Song" } });
    expect(response.json()).toEqual({ id: "abc", name: "Song" });
  });

  it("answers a response that breaks its schema with a logged 500, never a leak", async () => {
    const response = await app.inject({ method: "GET", url: "/broken" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: "Internal server error" });
    expect(logged).toContainEqual(expect.objectContaining({ msg: RESPONSE_SCHEMA_MISMATCH, route: "GET /broken" }));
  });
});
