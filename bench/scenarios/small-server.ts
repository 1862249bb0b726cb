import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { cpuSeconds, rssBytes } from "../proc-stats";
import { serveCommand } from "../serve-command";

const root = path.resolve(import.meta.dirname, "../..");
const RUNS = 3;
const REST_MS = 10_000;

export interface StartFigures {
  /** Spawn until the first 200 from /api/v1/health, ms (median). */
  firstAnswerMs: number;
  /** CPU the process used until then, ms (median). */
  cpuMs: number;
  /** Resident memory after REST_MS with no request, MB (median). */
  restMb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startOnce(args: string[], env: Record<string, string>, dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password" },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) break;
      await sleep(5);
    }
    const firstAnswerMs = performance.now() - started;
    const cpuMs = cpuSeconds(child.pid!) * 1000;
    await sleep(REST_MS);
    return { firstAnswerMs, cpuMs, restMb: rssBytes(child.pid!) / 2 ** 20 };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
  }
}

/** Restarts on an existing embedded SQLite database (the migrations already ran), RUNS times. */
async function measure(args: string[], env: Record<string, string>, port: number): Promise<StartFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-start-"));
  try {
    await startOnce(args, env, dataDir, port);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await startOnce(args, env, dataDir, port));
    return { firstAnswerMs: median(runs.map((r) => r.firstAnswerMs)), cpuMs: median(runs.map((r) => r.cpuMs)), restMb: median(runs.map((r) => r.restMb)) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * (6) A small server: the production build as `npm run serve` starts it (dist/server/main.js, built by
 * `npm run build`) against the same server run from TypeScript through tsx, as `npm start` did before.
 */
export async function smallServer(port: number): Promise<{ compiled: StartFigures; tsx: StartFigures }> {
  if (!fs.existsSync(path.join(root, "dist/server/main.js"))) throw new Error("dist/server/main.js is missing: run `npm run build` first");
  const serve = serveCommand(root);
  const compiled = await measure(serve.args, serve.env, port);
  const tsx = await measure(["--import", "tsx", "server/src/main.ts"], {}, port);
  return { compiled, tsx };
}
