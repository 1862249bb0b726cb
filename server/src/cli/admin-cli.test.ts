import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, describeEachDatabase, startTestApp, underSchemaLock, type TestDatabase } from "../test/test-app";
import { httpClient } from "../test/http";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const CLI = path.join(REPO_ROOT, "server/src/cli/admin-cli.ts");
/** Inside the checkout, so that the packages left out of the bundle resolve from node_modules. */
const BUILT_CLI = path.join(REPO_ROOT, "node_modules/.cache/livequeue-tests/admin-cli.mjs");

// Each command is a fresh Node process: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

// The CLI compiled once, as scripts/build-server.mjs compiles the server: each command's process then
// starts from JavaScript instead of compiling the CLI's TypeScript again (2-3 s a command on two cores).
beforeAll(async () => {
  await build({
    entryPoints: [CLI],
    outfile: BUILT_CLI,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "pg-native"],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: "warning",
  });
});

describeEachDatabase("npm run admin", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  /**
   * Runs the CLI as its own process against the test database, as an operator would. The CLI migrates
   * first, listing every schema's tables: on PostgreSQL it runs under the lock that keeps other test
   * files from dropping their schemas meanwhile (test-app.ts).
   */
  async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: database.dataDir, PASSWORD_HASH_COST: "10" };
    if (database.pgSchema) env.DATABASE_URL = `${database.databaseUrl}?options=${encodeURIComponent(`-c search_path=${database.pgSchema}`)}`;
    const run = async () => {
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [BUILT_CLI, ...args], { cwd: REPO_ROOT, env });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };
    return database.pgSchema ? underSchemaLock(run) : run();
  }

  async function signIn(username: string, password: string) {
    const server = await startTestApp(dialect, { database });
    try {
      const http = httpClient(server.baseUrl);
      const login = await http.post("auth/admin", { form: { username, password } });
      if (login.status !== 200) return { login, profile: null, settingChange: null };
      const token = login.body.access_token as string;
      const profile = await http.post("auth/admin/test-token", { token });
      const settingChange = await http.put("set/isQueueOn", { token, json: { state: "true" } });
      return { login, profile, settingChange };
    } finally {
      await server.close();
    }
  }

  it("creates an admin with a chosen password who can then sign in and change settings", async () => {
    const created = await admin("create", "Stage-Host", "--password", "backstage-pass", "--super");
    expect(created).toMatchObject({ code: 0, stdout: "Created admin Stage-Host (super admin)\n" });

    const { login, profile, settingChange } = await signIn("stage-host", "backstage-pass");
    expect(login.status).toBe(200);
    expect(profile?.body).toMatchObject({ username: "Stage-Host", is_active: true, is_super_admin: true });
    expect(settingChange?.status).toBe(200);
  });

  it("generates and prints a password when none is given", async () => {
    const created = await admin("create", "mod");
    expect(created.code).toBe(0);
    const printed = /^Created admin mod\nPassword: (\S{16,})\n$/.exec(created.stdout);
    expect(printed).not.toBeNull();
    expect((await signIn("mod", printed![1]!)).login.status).toBe(200);
  });

  it("deactivates and activates an admin: an inactive admin signs in but cannot change settings", async () => {
    expect(await admin("deactivate", "mod")).toMatchObject({ code: 0, stdout: "Deactivated admin mod\n" });
    await admin("set-password", "mod", "--password", "new-mod-password");
    const inactive = await signIn("mod", "new-mod-password");
    expect(inactive.login.status).toBe(200);
    expect(inactive.settingChange?.status).toBe(403);

    expect(await admin("activate", "MOD")).toMatchObject({ code: 0, stdout: "Activated admin mod\n" });
    expect((await signIn("mod", "new-mod-password")).settingChange?.status).toBe(200);
  });

  it("lists every admin with its state", async () => {
    const listed = await admin("list");
    expect(listed.code).toBe(0);
    const lines = listed.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t").slice(0, 3));
    expect(lines).toEqual([
      ["Stage-Host", "active", "super admin"],
      ["mod", "active", "admin"],
    ]);
  });

  it("refuses a taken username, a short password, an unknown admin, deleting the last super admin and an unknown command", async () => {
    expect(await admin("create", "STAGE-HOST", "--password", "another-pass")).toMatchObject({ code: 1, stderr: "An admin named STAGE-HOST already exists\n" });
    expect(await admin("create", "newbie", "--password", "short")).toMatchObject({ code: 1, stderr: "Password must be at least 8 characters long\n" });
    expect(await admin("activate", "ghost")).toMatchObject({ code: 1, stderr: "No admin named ghost\n" });
    expect(await admin("delete", "stage-host")).toMatchObject({
      code: 1,
      stderr: "Stage-Host is the last active super admin; create or activate another super admin first\n",
    });
    const unknown = await admin("promote", "mod");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command: promote\nUsage: npm run admin -- <command>/);
  });
});
