import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, startTwoInstancesOverRedis, type TestApp } from "../test/test-app";
import { httpClient } from "../test/http";
import { createTestAdmin } from "../test/admins";
import { createTestUser } from "../test/users";
import { createFakeClock } from "../test/fake-clock";

const WINDOW_SECONDS = 600;
const TOO_MANY = { detail: "Too many requests" };

describeEachDatabase("sign-in attempts per account", (dialect) => {
  let server: TestApp;
  const clock = createFakeClock(new Date("2026-06-01T18:00:00Z"));
  let address = 0;
  /** Each attempt from an address of its own, as a botnet would guess. */
  const nextAddress = () => ({ "x-forwarded-for": `198.51.100.${(address += 1) % 250}` });

  beforeAll(async () => {
    server = await startTestApp(dialect, {
      clock,
      env: { TRUST_PROXY: "1", RATE_LIMIT_ACCOUNT_LOGIN_MAX: "3", RATE_LIMIT_ACCOUNT_LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
  });
  afterAll(() => server.close());

  const adminSignIn = (username: string, password: string) => httpClient(server.baseUrl).post("auth/admin", { form: { username, password }, headers: nextAddress() });
  const memberSignIn = (username: string, password: string) => httpClient(server.baseUrl).post("auth/user/login", { json: { username, password }, headers: nextAddress() });

  it("refuses an admin name after its failed attempts from many addresses, even with the right password, until the window ends", async () => {
    const { admin, password } = await createTestAdmin(server.deps);
    for (let i = 0; i < 3; i += 1) expect((await adminSignIn(admin.username, `wrong-${i}`)).status).toBe(401);
    const refused = await adminSignIn(admin.username, password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(WINDOW_SECONDS));
    expect(refused.body).toEqual({ ...TOO_MANY, retry_after: WINDOW_SECONDS });

    clock.advance(WINDOW_SECONDS * 1000);
    expect((await adminSignIn(admin.username, password)).status).toBe(200);
  });

  it("does not move the window while the name is refused, so nobody can hold an account for good", async () => {
    const { admin, password } = await createTestAdmin(server.deps);
    for (let i = 0; i < 3; i += 1) await adminSignIn(admin.username, "wrong-password");
    clock.advance(400_000);
    for (let i = 0; i < 5; i += 1) expect((await adminSignIn(admin.username, "wrong-password")).status).toBe(429);
    const refused = await adminSignIn(admin.username, password);
    expect(refused.body).toEqual({ ...TOO_MANY, retry_after: 200 });
    clock.advance(200_000);
    expect((await adminSignIn(admin.username, password)).status).toBe(200);
  });

  it("counts a member's name however it is written, and leaves other names alone", async () => {
    const member = await createTestUser(server.deps);
    const other = await createTestUser(server.deps);
    const name = member.user.username;
    for (const written of [name, name.toUpperCase(), ` ${name} `]) expect((await memberSignIn(written, "wrong-password")).status).toBe(401);
    expect((await memberSignIn(name, member.password)).status).toBe(429);
    expect((await memberSignIn(other.user.username, other.password)).status).toBe(200);
    expect((await adminSignIn(name, "wrong-password")).status).toBe(401);
  });

  it("starts the count again after a successful sign-in", async () => {
    const member = await createTestUser(server.deps);
    const name = member.user.username;
    for (let round = 0; round < 2; round += 1) {
      expect((await memberSignIn(name, "wrong-password")).status).toBe(401);
      expect((await memberSignIn(name, "wrong-password")).status).toBe(401);
      expect((await memberSignIn(name, member.password)).status).toBe(200);
    }
  });

  it("lets no more than the limit of guesses sent at once reach the password check", async () => {
    const { admin } = await createTestAdmin(server.deps);
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => adminSignIn(admin.username, `guess-${i}`).then((answer) => answer.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it("counts names that do not exist the same way, so the answers tell nothing about which do", async () => {
    for (let i = 0; i < 3; i += 1) expect((await adminSignIn("no-such-admin", "wrong-password")).status).toBe(401);
    expect((await adminSignIn("no-such-admin", "wrong-password")).status).toBe(429);
  });

  it("answers hostile names with the catalogue's errors, never a 500", async () => {
    const hostile = ["", "a".repeat(100_000), "\u0000admin", "名前🙂", "%00", "admin\r\nX-Injected: 1"];
    for (const username of hostile) {
      const answer = await memberSignIn(username, "wrong-password");
      expect([401, 422]).toContain(answer.status);
    }
    const noName = await httpClient(server.baseUrl).post("auth/user/login", { json: { password: "wrong-password" } });
    expect(noName.status).toBe(422);
    const notText = await httpClient(server.baseUrl).post("auth/admin", { json: { username: ["admin"], password: "x" } });
    expect(notText.status).toBe(422);
  });
});

describeEachDatabase("sign-in attempts per account across instances", (dialect) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    ({ a, b } = await startTwoInstancesOverRedis(dialect, { RATE_LIMIT_ACCOUNT_LOGIN_MAX: "4" }));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("refuses on every instance a name that failed too often on one", async () => {
    const { admin, password } = await createTestAdmin(a.deps);
    for (let i = 0; i < 4; i += 1) expect((await httpClient(a.baseUrl).post("auth/admin", { form: { username: admin.username, password: "wrong" } })).status).toBe(401);
    const refused = await httpClient(b.baseUrl).post("auth/admin", { form: { username: admin.username, password } });
    expect(refused.status).toBe(429);
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeLessThanOrEqual(900);
    expect(Number(refused.headers.get("retry-after"))).toBe(refused.body.retry_after);
  });
});
