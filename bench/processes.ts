import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serveCommand } from "./serve-command";

const root = path.resolve(import.meta.dirname, "..");

const running = new Set<ChildProcess>();
// A failed run must not leave servers behind.
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface Started {
  url: string;
  port: number;
  /** The server process itself, for its CPU time and memory in /proc. */
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  running.add(child);
  return async () => {
    running.delete(child);
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    cleanup?.();
  };
}

/**
 * The real LiveQueue server in its own process, on SQLite in a fresh data folder (or on the database
 * `env.DATABASE_URL` names). Its open-file limit is this machine's hard limit (20,000, see STACK.md),
 * enough for the 10,000 sockets of the largest scenario.
 */
export async function startLiveQueue(port: number, env: Record<string, string> = {}): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-bench-"));
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof") profiles the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // The production build (`npm run bench` builds it first), as `npm start` runs it.
  const serve = serveCommand(root);
  const child = spawn(process.execPath, [...nodeArgs, ...serve.args], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...serve.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "bench",
      ADMIN_PASSWORD: "bench-password",
      RATE_LIMIT_SUBMIT_MAX: "1000000",
      RATE_LIMIT_API_MAX: "1000000",
      RATE_LIMIT_LOGIN_MAX: "1000000",
      RATE_LIMIT_CHAT_MAX: "1000000",
      RATE_LIMIT_ACCOUNT_LOGIN_MAX: "1000000",
      // Every simulated viewer comes from this one machine's address.
      WS_MAX_SOCKETS_PER_ADDRESS: "1000000",
      WS_MAX_SOCKETS: "1000000",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await waitFor(`${url}/api/v1/health`, child);
  return { url, port, pid: child.pid!, stop };
}

/** A baseline from bench/baselines/, in its own process. */
export async function startBaseline(script: string, port: number, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("bench/baselines", script)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  await waitFor(`${url}/ready`, child);
  return { url, port, pid: child.pid!, stop };
}
