import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, TEST_POSTGRES_URL } from "../../test/test-app";
import { submissionForm } from "../../test/factories";
import { freePort } from "../../test/ports";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
/** Enough concurrent submitters that the server is always in the middle of a group when it is killed. */
const SUBMITTERS = 40;
const KILL_AFTER_ACKNOWLEDGED = 150;

/** The real server in a process of its own, as `npm run dev:server` runs it. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; api: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" },
  });
  const api = `http://127.0.0.1:${port}/api/v1`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${api}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, api };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describeEachDatabase("new entries under kill -9 in the middle of a raid", (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-crash-"));
  const databaseName = `livequeue_crash_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_USERNAME: "host", ADMIN_PASSWORD: "crash-test-password", JWT_SECRET: "crash-test-secret-long-enough-for-hs256" };
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    if (dialect !== "postgres") return;
    // A database of its own: the server migrates it, and no other test file's schema changes touch its catalog.
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(TEST_POSTGRES_URL!);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  });
  afterAll(async () => {
    if (running) await killHard(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect !== "postgres") return;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  it("keeps every acknowledged submission, each once, after the server is killed mid-burst and restarted", async () => {
    const first = await startServer(env);
    running = first.child;
    const signIn = await fetch(`${first.api}/auth/admin`, { method: "POST", body: new URLSearchParams({ username: "host", password: "crash-test-password" }) });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const opened = await fetch(`${first.api}/set/isQueueOn`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ state: "true" }),
    });
    expect(opened.status).toBe(200);

    const acknowledged: string[] = [];
    let unanswered = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: SUBMITTERS }, async () => {
        for (;;) {
          const n = next++;
          const answer = await fetch(`${first.api}/queuer/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(submissionForm(n)) }).catch(
            () => null,
          );
          // A submitter whose answer did not arrive whole was not told its song is in.
          const body = answer && (await answer.json().catch(() => null));
          if (!answer || !body) return void (unanswered += 1);
          expect(answer.status).toBe(201);
          acknowledged.push((body as { queuer: { id: string } }).queuer.id);
          if (acknowledged.length === KILL_AFTER_ACKNOWLEDGED) await killHard(first.child);
        }
      }),
    );
    // The kill came while submissions were on their way, not after the burst had ended.
    expect(unanswered).toBeGreaterThan(0);

    const second = await startServer(env);
    running = second.child;
    const waiting = (await (await fetch(`${second.api}/queuer/queue`)).json()) as { id: string }[];
    const stored = waiting.map((entry) => entry.id);
    expect(new Set(stored).size).toBe(stored.length);
    expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
    await killHard(second.child);
  });
});
