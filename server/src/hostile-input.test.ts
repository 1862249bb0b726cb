import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import type { RouteOptions } from "fastify";
import { SETTING_NAMES } from "@common/settings";
import { TEXT_MESSAGES } from "@common/text";
import { illFormedTextPath } from "./lib/well-formed-text";
import { describeEachDatabase, startTestApp, type TestApp } from "./test/test-app";
import { TEST_SYSTEM, makeAdmin, makeSubmission } from "./test/factories";
import { createTestUser } from "./test/users";
import { startFakeGoogle, type FakeGoogle } from "./test/fake-google";
import { forgedAuthorizations, headerString, hostileBody, hostileQuery, paramChoice, rawRequest, type ParamChoice, type RawBody, type RawResponse } from "./test/hostile-input";

/**
 * Generated requests per route, per database: every route is covered on every run. About 60 routes
 * x 20 take 10-25 s per database; HOSTILE_RUNS_PER_ROUTE=200 searches harder.
 */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS_PER_ROUTE ?? 20);
const JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

interface Route {
  method: string;
  url: string;
}

type Identity = "anonymous" | "user" | "admin" | "forged";

interface HostileRequest {
  identity: Identity;
  forgedIndex: number;
  params: ParamChoice[];
  query: string;
  body: RawBody;
  guestSecret: { real: number } | { raw: string } | null;
  fastPass: string | null;
}

const hostileRequest = (paramCount: number): fc.Arbitrary<HostileRequest> =>
  fc.record({
    identity: fc.constantFrom<Identity>("anonymous", "user", "admin", "forged"),
    forgedIndex: fc.nat(),
    params: fc.array(paramChoice, { minLength: paramCount, maxLength: paramCount }),
    query: fc.oneof(fc.constant(""), hostileQuery),
    body: hostileBody,
    guestSecret: fc.oneof(
      fc.constant(null),
      fc.nat().map((real) => ({ real })),
      headerString.map((raw) => ({ raw })),
    ),
    fastPass: fc.oneof(fc.constant(null), headerString),
  });

/** A JSON body that the app parses (no prototype keys) and that holds a lone surrogate somewhere (a value or a key). */
function carriesIllFormedJson(body: RawBody): boolean {
  if (body.contentType !== "application/json" || typeof body.payload !== "string" || /"(__proto__|constructor)"/.test(body.payload)) return false;
  try {
    return illFormedTextPath(JSON.parse(body.payload)) !== null;
  } catch {
    return false;
  }
}

/** Fails with fast-check's report, megabytes of repeated junk folded so that a CI log stays readable. */
function readableReport(run: fc.RunDetails<[HostileRequest]>): void {
  if (!run.failed) return;
  throw new Error(fc.defaultReportMessage(run)!.replace(/(.{1,8}?)\1{20,}/gs, (repeated, unit: string) => `${unit}…(${repeated.length / unit.length} times)`));
}

describeEachDatabase("hostile input on every route", (dialect) => {
  const routes: Route[] = [];
  let server: TestApp;
  let google: FakeGoogle;
  let port: number;
  let tokens: Record<"user" | "admin", string>;
  let forged: string[];
  let userName: string;
  let tables: string[];
  /** Secrets of the guests seeded so far: a real X-Guest-Secret, sent with any id. */
  const guestSecrets: string[] = [];

  beforeAll(async () => {
    // Google sign-in configured (against a local fake), so its routes run their real checks.
    google = await startFakeGoogle();
    server = await startTestApp(dialect, {
      env: { ...google.env, RATE_LIMIT_API_MAX: "1000000", RATE_LIMIT_SUBMIT_MAX: "1000000", RATE_LIMIT_LOGIN_MAX: "1000000" },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
      },
    });
    port = Number(new URL(server.baseUrl).port);
    const admin = await makeAdmin(server.deps);
    const user = await createTestUser(server.deps);
    tokens = { user: user.access_token, admin: admin.accessToken };
    userName = user.user.username;
    forged = forgedAuthorizations(JWT_SECRET, { userId: user.user.user_id, adminId: admin.admin.admin_id });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    tables = (await server.deps.db.introspection.getTables())
      .filter((table) => dialect === "sqlite" || table.schema === server.database.pgSchema)
      .map((table) => table.name)
      .sort();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  /** Entries in every list, so that real ids reach the queue's rules and not only its validation. */
  async function seedQueue(): Promise<{ ids: string[]; secrets: string[]; added: boolean }> {
    const rows = await server.deps.db.selectFrom("submissions").select(["id", "user_id", "status"]).where("status", "in", ["waiting", "active", "on_hold"]).execute();
    const secrets: string[] = [];
    let added = false;
    for (const status of ["waiting", "active", "on_hold"] as const) {
      while (rows.filter((row) => row.status === status).length < 2) {
        const made = await makeSubmission(server.deps, { status });
        rows.push(made.row);
        added = true;
        if (made.guestSecret) secrets.push(made.guestSecret);
      }
    }
    return { ids: rows.flatMap((row) => [row.id, row.user_id]), secrets, added };
  }

  /** Everything a refused request must leave as it was: the row count of every table and the public lists. */
  async function stateDigest(): Promise<{ counts: Record<string, number>; lists: string }> {
    // Signs of life are written in batches: write out those of earlier requests first.
    await server.deps.services.activity.flush();
    // Every table's row count in one query: a round trip per table was most of this file's time.
    const countEach = sql.join(tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`));
    const { rows } = await sql<Record<string, number | string>>`select ${countEach}`.execute(server.deps.db);
    const counts = Object.fromEntries(tables.map((table) => [table, Number(rows[0]![table])]));
    const lists = createHash("sha256");
    for (const path of ["queuer/queue", "queuer/on-hold", "active-queuer/queue", "set"]) {
      lists.update((await rawRequest(port, "GET", `/api/v1/${path}`, {})).text);
    }
    return { counts, lists: lists.digest("hex") };
  }

  function realParam(name: string, index: number, ids: string[]): string {
    const pools: Record<string, string[]> = {
      id: ids,
      userId: ids,
      user_id: ids,
      name: [...SETTING_NAMES],
      username: [userName, "me", "admin"],
      key: ["0123456789abcdef0123456789abcdef"],
    };
    const pool = pools[name] ?? ["x"];
    return encodeURIComponent(pool[index % pool.length]!);
  }

  async function send(route: Route, input: HostileRequest, ids: string[]): Promise<RawResponse> {
    let i = 0;
    const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
      const choice = input.params[i++]!;
      return "real" in choice ? realParam(name, choice.real, ids) : choice.raw;
    });
    const headers: Record<string, string> = {};
    if (input.identity === "user" || input.identity === "admin") headers.authorization = `Bearer ${tokens[input.identity]}`;
    if (input.identity === "forged") headers.authorization = forged[input.forgedIndex % forged.length]!;
    if (input.guestSecret) {
      headers["x-guest-secret"] = "raw" in input.guestSecret ? input.guestSecret.raw : (guestSecrets[input.guestSecret.real % Math.max(guestSecrets.length, 1)] ?? "");
    }
    if (input.fastPass !== null) headers["x-fastpass-level"] = input.fastPass;
    const sendsBody = route.method !== "GET" && input.body.payload !== undefined;
    if (sendsBody && input.body.contentType) headers["content-type"] = input.body.contentType;
    return rawRequest(port, route.method, `${path}${input.query ? `?${input.query}` : ""}`, headers, sendsBody ? input.body.payload : undefined);
  }

  it("answers every route's hostile requests without a 5xx, with a {detail} error, and changes nothing when it refuses", async () => {
    expect(routes.length).toBeGreaterThan(40);
    /**
     * The state as the last request left it: a refused request must leave it as it is, so it is read
     * again only after a request that was taken, or after new entries were seeded.
     */
    let before: Awaited<ReturnType<typeof stateDigest>> | null = null;
    for (const route of routes) {
      const paramCount = (route.url.match(/:\w+/g) ?? []).length;
      await fc.assert(
        fc.asyncProperty(hostileRequest(paramCount), async (input) => {
          const { ids, secrets, added } = await seedQueue();
          guestSecrets.push(...secrets);
          if (added || !before) before = await stateDigest();
          const response = await send(route, input, ids);
          // Whatever follows, the next request starts from a state read after this one, unless this one is shown to have changed nothing.
          const expected = before;
          before = null;
          const where = `${route.method} ${route.url} -> ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          // Ill-formed text is refused before any rule sees it (only the router or the body parser can refuse first): it is never stored.
          if (route.url.startsWith("/api/v1/") && route.method !== "GET" && carriesIllFormedJson(input.body)) {
            expect(response.status, where).toBeGreaterThanOrEqual(400);
            if (response.status === 422) expect(response.text, where).toContain(TEXT_MESSAGES.illFormed);
          }
          // A plain GET of a socket path (/ws/...) is the socket plugin's 404; the API answers in its wire format.
          if (response.status < 400 || !route.url.startsWith("/api/")) return;
          // The chat commands answer bots, which post the body as it is: their refusals are one line of plain text.
          if (route.url.startsWith("/api/v1/chat/:secret/") && response.contentType.startsWith("text/plain")) {
            expect(response.text, where).not.toMatch(/[\r\n]/);
            before = await stateDigest();
            expect(before, `${where}: a refused request changed the state`).toEqual(expected);
            return;
          }
          expect(response.contentType, where).toMatch(/^application\/json/);
          const body = JSON.parse(response.text) as { detail?: unknown };
          expect(typeof body.detail === "string" || Array.isArray(body.detail), where).toBe(true);
          if (Array.isArray(body.detail)) {
            for (const issue of body.detail) expect(issue, where).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
          }
          before = await stateDigest();
          expect(before, `${where}: a refused request changed the state`).toEqual(expected);
        }),
        { numRuns: RUNS_PER_ROUTE, includeErrorInReport: true, reporter: readableReport },
      );
    }
  }, 240_000);
});
