import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { bootstrapAdmin } from "./bootstrap";

describeEachDatabase("first-start admin", (dialect) => {
  let server: TestApp;
  let printed: string[];
  const print = (text: string) => void printed.push(text);
  const login = (username: string, password: string) => httpClient(server.baseUrl).post("auth/admin", { form: { username, password } });

  beforeEach(async () => {
    server = await startTestApp(dialect);
    printed = [];
  });
  afterEach(() => server.close());

  it("creates a super admin named admin with a generated password, printed once", async () => {
    await bootstrapAdmin(server.deps.services.admins, {}, print);
    expect(printed).toHaveLength(1);
    const password = /with password: (\S+)\n/.exec(printed[0]!)?.[1];
    expect(password).toBeDefined();
    expect((await login("admin", password!)).status).toBe(200);
    expect(await server.deps.services.admins.list()).toEqual([expect.objectContaining({ username: "admin", is_super_admin: true, is_active: true })]);

    await bootstrapAdmin(server.deps.services.admins, {}, print);
    expect(printed).toHaveLength(1);
    expect(await server.deps.services.admins.list()).toHaveLength(1);
  });

  it("uses ADMIN_USERNAME and ADMIN_PASSWORD when given and prints nothing", async () => {
    await bootstrapAdmin(server.deps.services.admins, { adminUsername: "host", adminPassword: "from-the-environment" }, print);
    expect(printed).toEqual([]);
    expect((await login("host", "from-the-environment")).status).toBe(200);
  });

  it("leaves existing admins alone, even when the environment names another password", async () => {
    await bootstrapAdmin(server.deps.services.admins, { adminUsername: "host", adminPassword: "first-password" }, print);
    await bootstrapAdmin(server.deps.services.admins, { adminUsername: "host", adminPassword: "second-password" }, print);
    await bootstrapAdmin(server.deps.services.admins, { adminUsername: "other", adminPassword: "other-password" }, print);
    expect((await login("host", "first-password")).status).toBe(200);
    expect((await login("host", "second-password")).status).toBe(401);
    expect((await login("other", "other-password")).status).toBe(401);
  });

  it("creates one admin when two instances start at once", async () => {
    await Promise.all([
      bootstrapAdmin(server.deps.services.admins, {}, print),
      bootstrapAdmin(server.deps.services.admins, {}, print),
    ]);
    expect(await server.deps.services.admins.list()).toHaveLength(1);
    expect(printed).toHaveLength(1);
  });
});
