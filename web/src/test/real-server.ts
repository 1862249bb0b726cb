import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { UserAuthResponse } from "@common/users";

const ADMIN = { username: "test_admin", password: "test-admin-password" };

export interface RealServer {
  /** Ends in /api/v1/, ready for VITE_API_URL. */
  apiUrl: string;
  /** Calls the API as a plain client would; throws on a non-2xx answer. */
  call<T>(method: string, apiPath: string, options?: { token?: string; json?: unknown; form?: Record<string, string> }): Promise<T>;
  /** Registers a member through the API. */
  register(username: string, extra?: { display_name?: string; password?: string }): Promise<UserAuthResponse>;
  /** An access token of the first admin. */
  adminToken(): Promise<string>;
  /** Turns the queue on, as an admin would. */
  openQueue(): Promise<void>;
  /** Submits a song as the member and has the admin play it, so it lands in the member's history. */
  submitAndPlay(memberToken: string, trackTitle: string): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real LiveQueue server in its own process, on a fresh SQLite database in a temp folder. Web tests
 * run in jsdom, whose typed arrays the server's crypto refuses, so the server cannot share their realm.
 */
export async function startRealServer(): Promise<RealServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-web-test-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, "no-web"),
      LOG_LEVEL: "error",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_MAX: "10000",
      RATE_LIMIT_SUBMIT_MAX: "10000",
      RATE_LIMIT_API_MAX: "10000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const apiUrl = `http://127.0.0.1:${port}/api/v1/`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${apiUrl}queue-position/overview`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const call: RealServer["call"] = async (method, apiPath, options = {}) => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(apiUrl + apiPath, { method, headers, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as never;
  };

  // One admin sign-in serves the whole test file.
  let admin: Promise<string> | null = null;
  const adminToken = () => (admin ??= call<{ access_token: string }>("POST", "auth/admin", { form: ADMIN }).then((answer) => answer.access_token));

  return {
    apiUrl,
    call,
    register: (username, extra = {}) =>
      call("POST", "auth/user/register", {
        json: { username, email: `${username}@example.com`, password: extra.password ?? "member-password-1", display_name: extra.display_name ?? null },
      }),
    adminToken,
    async openQueue() {
      await call("PUT", "set/isQueueOn", { token: await adminToken(), json: { state: "true" } });
    },
    async submitAndPlay(memberToken, trackTitle) {
      const link = `https://example.com/${encodeURIComponent(trackTitle)}-${Date.now()}`;
      const { queuer } = await call<{ queuer: { id: string } }>("POST", "queuer/?bypass_duplicates=false", {
        token: memberToken,
        json: { artist_name: "Test Artist", track_title: trackTitle, youtube_username: "tester", username: "tester", link, message: "" },
      });
      const token = await adminToken();
      await call("GET", `move/${queuer.id}`, { token });
      await call("DELETE", `active-queuer/${queuer.id}?is_played=true`, { token });
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One real server with an open queue for a test file, handed to `keep` once started; every test starts
 * with empty browser storage and the app pointed at it.
 */
export function serveOpenQueue(keep: (server: RealServer) => void): void {
  let server: RealServer;
  beforeAll(async () => {
    server = await startRealServer();
    await server.openQueue();
    keep(server);
  }, 120_000);
  afterAll(() => server.stop(), 20_000);
  beforeEach(() => {
    vi.stubEnv("VITE_API_URL", server.apiUrl);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllEnvs());
}
