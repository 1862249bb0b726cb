import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { STORAGE_KEYS } from "@common/auth";

/** A call the page made; `path` is what follows /api/v1/. */
export interface ApiCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** The status and JSON body of an answer. */
export type ApiAnswer = [status: number, body: unknown];

/**
 * A small API on a real port for the file's component tests, with an admin signed in: `answer` replies
 * to each call, and every call is kept in `calls` (emptied before each test). Call it at the top of a file.
 */
export function useFakeAdminApi(answer: (call: ApiCall) => ApiAnswer): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const call = { method: req.method ?? "", path: (req.url ?? "").replace("/api/v1/", ""), authorization: req.headers.authorization, body };
        calls.push(call);
        const [status, value] = answer(call);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-token");
    calls.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    localStorage.clear();
  });
  return { calls };
}
