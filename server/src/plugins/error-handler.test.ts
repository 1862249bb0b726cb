import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { validatorCompiler } from "../lib/validation";
import { sql } from "kysely";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app";
import { rawRequest } from "../test/hostile-input";
import { RESPONSE_SCHEMA_MISMATCH, clientErrorHandler, registerErrorHandler } from "./error-handler";

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

const REFUSED = { detail: "The request contains a value that cannot be stored (invalid characters or out of range)" };

/** Statements each database refuses because of the value given, as a request's input would make it. */
const REFUSED_VALUES = {
  postgres: {
    "a NUL in text (22021)": sql`select ${"a\u0000b"}::text as v`,
    "text that is not a number (22P02)": sql`select ${"12abc"}::integer as v`,
    "a number out of range (22003)": sql`select ${"99999999999"}::integer as v`,
    "a date that does not exist (22008)": sql`select ${"2024-02-31"}::date as v`,
  },
  sqlite: {
    "a string over the size limit (SQLITE_TOOBIG)": sql`select zeroblob(2000000000) as v`,
    "text as a row id (SQLITE_MISMATCH)": sql`insert into mismatch (id) values (${"not a number"})`,
  },
};

const slug = (name: string) => name.replace(/\W+/g, "-");

describeEachDatabase("error handler: values the database refuses", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    if (dialect === "sqlite") await sql`create table mismatch (id integer primary key)`.execute(database.db);
    app = Fastify();
    registerErrorHandler(app);
    for (const [name, statement] of Object.entries(REFUSED_VALUES[dialect])) {
      app.get(`/${slug(name)}`, async () => statement.execute(database.db));
    }
    app.get("/broken", async () => sql`select * from no_such_table`.execute(database.db));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(Object.keys(REFUSED_VALUES[dialect]))("answers %s with a 400 that says so, not a 500", async (name) => {
    const response = await app.inject({ method: "GET", url: `/${slug(name)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
  });

  it("still answers a database failure that is not about the input with a 500", async () => {
    const response = await app.inject({ method: "GET", url: "/broken" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: "Internal server error" });
  });
});

describe("error handler: requests the HTTP parser refuses", () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ clientErrorHandler });
    app.get("/", async () => ({ ok: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it("answers headers over the size limit with a 431 in the wire format", async () => {
    const response = await rawRequest(port, "GET", "/", { authorization: `Bearer ${"A".repeat(100 * 1024)}` });
    expect(response.status).toBe(431);
    expect(JSON.parse(response.text)).toEqual({ detail: "Request headers are too large" });
  });

  it("answers a malformed request with a 400 in the wire format", async () => {
    const response = await rawRequest(port, "DELETE", "/", { "transfer-encoding": "chunked" }, "not a chunk");
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ detail: "Malformed request" });
  });
});
