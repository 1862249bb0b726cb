import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { FIRST_ADMIN_PASSWORD_FILE, bootstrapAdmin } from "./bootstrap";

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

  it("creates a super admin named admin with a generated password kept in a file only the service's user reads, and prints only its path", async () => {
    const { dataDir } = server.database;
    await bootstrapAdmin(server.deps.services.admins, { dataDir }, print);
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(printed).toEqual([`Created the first admin. Sign in at /access as "admin" with the password in ${file} (readable only by this user), then delete that file.\n`]);
    expect(printed.join("")).not.toContain(password);
    expect((await login("admin", password)).status).toBe(200);
    expect(await server.deps.services.admins.list()).toEqual([expect.objectContaining({ username: "admin", is_super_admin: true, is_active: true })]);

    await bootstrapAdmin(server.deps.services.admins, { dataDir }, print);
    expect(printed).toHaveLength(1);
    expect(await server.deps.services.admins.list()).toHaveLength(1);
  });

  it("uses ADMIN_USERNAME and ADMIN_PASSWORD when given and prints nothing", async () => {
    await bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir, adminUsername: "host", adminPassword: "from-the-environment" }, print);
    expect(printed).toEqual([]);
    expect(fs.existsSync(path.join(server.database.dataDir, FIRST_ADMIN_PASSWORD_FILE))).toBe(false);
    expect((await login("host", "from-the-environment")).status).toBe(200);
  });

  it("leaves existing admins alone, even when the environment names another password", async () => {
    await bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir, adminUsername: "host", adminPassword: "first-password" }, print);
    await bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir, adminUsername: "host", adminPassword: "second-password" }, print);
    await bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir, adminUsername: "other", adminPassword: "other-password" }, print);
    expect((await login("host", "first-password")).status).toBe(200);
    expect((await login("host", "second-password")).status).toBe(401);
    expect((await login("other", "other-password")).status).toBe(401);
  });

  it("creates one admin when two instances start at once", async () => {
    await Promise.all([
      bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir }, print),
      bootstrapAdmin(server.deps.services.admins, { dataDir: server.database.dataDir }, print),
    ]);
    expect(await server.deps.services.admins.list()).toHaveLength(1);
    expect(printed).toHaveLength(1);
  });
});
