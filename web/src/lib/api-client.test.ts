import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@common/auth";
import { ApiError, api, apiBaseUrl, publicApi, tokenKindForPath } from "./api-client";
import { USER_DATA_CHANGED_EVENT } from "./storage";

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  guest: string | undefined;
  body: string;
}

/** A small real backend: each test sets how it answers. */
let handler: (seen: Seen, res: http.ServerResponse) => void;
const seen: Seen[] = [];
let server: http.Server;
let base: string;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "x-request-id": "req-12345678", ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const entry = {
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        guest: req.headers["x-guest-secret"] as string | undefined,
        body,
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", base);
  localStorage.clear();
  seen.length = 0;
});

afterEach(() => vi.unstubAllEnvs());

describe("apiBaseUrl", () => {
  const at = (protocol: string, hostname: string, port = "") => ({ protocol, hostname, host: port ? `${hostname}:${port}` : hostname });

  it("uses port 8000 of this host on localhost without an override", () => {
    expect(apiBaseUrl(at("http:", "localhost", "5173"), null, null)).toBe("http://localhost:8000/api/v1/");
  });

  it("uses the development override on localhost", () => {
    expect(apiBaseUrl(at("http:", "localhost", "5173"), "http://localhost:9999/api/v1", null)).toBe("http://localhost:9999/api/v1/");
  });

  it("uses the serving origin everywhere else", () => {
    expect(apiBaseUrl(at("https:", "queue.example.com"), "http://localhost:9999/api/v1/", null)).toBe("https://queue.example.com/api/v1/");
  });

  it("uses the base the serving server wrote into the page before any other rule, on any port", () => {
    const served = { api: "http://localhost:5000/api/v1/", ws: "ws://localhost:5000" };
    expect(apiBaseUrl(at("http:", "localhost", "5000"), null, served)).toBe("http://localhost:5000/api/v1/");
    expect(apiBaseUrl(at("http:", "localhost", "5000"), "http://localhost:9999/api/v1/", served)).toBe("http://localhost:5000/api/v1/");
  });
});

describe("tokenKindForPath", () => {
  it("picks the admin token for admin paths, relative or not", () => {
    for (const path of ["auth/admin", "auth/admin/refresh", "admin-post/", "queuer/move/abc", "set/isQueueOn", "queuer/priority/x", "analytics/sessions", "scheduler/"]) {
      expect(tokenKindForPath(path), path).toBe("admin");
    }
  });

  it("picks the user token for everything else", () => {
    for (const path of ["queuer/", "queuer/queue", "user/me", "queue-position/overview", "loyalty/balance", "settings"]) {
      expect(tokenKindForPath(path), path).toBe("user");
    }
  });
});

describe("api", () => {
  it("sends the user token, JSON bodies, query params and extra headers", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "user-a");
    handler = (_s, res) => json(res, 200, { ok: true });
    const answer = await api.put<{ ok: boolean }>("queuer/u1", {
      json: { artist_name: "A" },
      query: { bypass_duplicates: false, skip: undefined },
      headers: { "x-guest-secret": "s3" },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({
      method: "PUT",
      url: "/api/v1/queuer/u1?bypass_duplicates=false",
      authorization: "Bearer user-a",
      contentType: "application/json",
      guest: "s3",
      body: '{"artist_name":"A"}',
    });
  });

  it("falls back to the admin token when no user is signed in, and sends admin tokens on admin paths", async () => {
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-a");
    handler = (_s, res) => json(res, 200, {});
    await api.get("queuer/queue");
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "user-a");
    await api.post("set/isQueueOn", { json: { state: "true" } });
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer admin-a", "Bearer admin-a"]);
  });

  it("sends form bodies and no token at all from the public client", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "user-a");
    handler = (_s, res) => json(res, 200, { access_token: "x" });
    await publicApi.post("auth/user/login", { form: { username: "ann", password: "secret" } });
    expect(seen[0]).toMatchObject({ authorization: undefined, contentType: "application/x-www-form-urlencoded;charset=UTF-8", body: "username=ann&password=secret" });
  });

  it("turns an error answer into an ApiError with status, detail, wait and correlation id", async () => {
    handler = (_s, res) => json(res, 429, { detail: "Too many requests", retry_after: 9 }, { "retry-after": "9" });
    const error = await api.post("queuer/", { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, detail: "Too many requests", retryAfter: 9, correlationId: "req-12345678" });
    expect((error as ApiError).message).toBe("You're sending requests too fast. Please wait ~9s and try again");
  });

  it("words a 422 of a back-office call without the user side's 'Validation error: ' prefix", async () => {
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-a");
    handler = (_s, res) => json(res, 422, { detail: [{ loc: ["body", "reason"], msg: "Reason is too long", type: "too_big" }] });
    const adminError = (await api.post("admin/bans", { json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(adminError.message).toBe("Reason is too long");
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "user-a");
    const userError = (await api.put("user/me", { json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(userError.message).toBe("Validation error: Reason is too long");
  });

  it("reports an unreachable server as a network ApiError", async () => {
    vi.stubEnv("VITE_API_URL", "http://127.0.0.1:1/api/v1/");
    const error = (await api.get("queuer/queue").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.network).toBe(true);
    expect(error.message).toBe("Cannot reach the server");
    expect(error.userMessage("submit")).toBe("Connection failed!");
  });

  it("renews the user session once for concurrent 401s and retries each request once", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "old");
    localStorage.setItem(STORAGE_KEYS.userRefreshToken, "refresh-1");
    handler = (s, res) => {
      if (s.url.endsWith("auth/user/refresh")) {
        setTimeout(() => json(res, 200, { access_token: "new", refresh_token: "refresh-2", user: { user_id: "u1", username: "ann" } }), 30);
      } else if (s.authorization === "Bearer new") json(res, 200, { path: s.url });
      else json(res, 401, { detail: "Could not validate credentials" });
    };
    const answers = await Promise.all([api.get("user/me"), api.get("user/me/stats"), api.get("loyalty/balance")]);
    expect(answers).toHaveLength(3);
    const refreshes = seen.filter((s) => s.url.endsWith("auth/user/refresh"));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.authorization).toBe("Bearer refresh-1");
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBe("new");
    expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBe("refresh-2");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toMatchObject({ user_id: "u1", username: "ann" });
  });

  it("never retries a retried request a second time", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "old");
    localStorage.setItem(STORAGE_KEYS.userRefreshToken, "refresh-1");
    handler = (s, res) => {
      if (s.url.endsWith("auth/user/refresh")) json(res, 200, { access_token: "new", refresh_token: "refresh-2" });
      else json(res, 401, { detail: "Could not validate credentials" });
    };
    const error = (await api.get("user/me").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(seen.map((s) => s.url)).toEqual(["/api/v1/user/me", "/api/v1/auth/user/refresh", "/api/v1/user/me"]);
  });

  it("signs the user out and fires userDataChanged when renewal fails", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "old");
    localStorage.setItem(STORAGE_KEYS.userRefreshToken, "revoked");
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ user_id: "u1" }));
    localStorage.setItem("accessToken", "legacy");
    const changed = vi.fn();
    window.addEventListener(USER_DATA_CHANGED_EVENT, changed);
    handler = (_s, res) => json(res, 401, { detail: "Could not validate credentials" });
    const error = (await api.get("user/me").catch((e: unknown) => e)) as ApiError;
    window.removeEventListener(USER_DATA_CHANGED_EVENT, changed);
    expect(error.status).toBe(401);
    expect(changed).toHaveBeenCalled();
    for (const key of [STORAGE_KEYS.userAccessToken, STORAGE_KEYS.userRefreshToken, STORAGE_KEYS.userData, "accessToken"]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
  });

  it("says 'No refresh token' when a renewal has none, and ends that session", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "old");
    handler = (_s, res) => json(res, 401, { detail: "Could not validate credentials" });
    const error = (await api.get("user/me").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("No refresh token");
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();

    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "old-admin");
    const adminError = (await api.get("queuer/queue/admin").catch((e: unknown) => e)) as ApiError;
    expect(adminError.message).toBe("No admin refresh token");
    expect(localStorage.getItem(STORAGE_KEYS.adminAccessToken)).toBeNull();
  });

  it.each([
    ["the refresh call cannot reach the server", "Cannot reach the server", (res: http.ServerResponse) => res.socket?.destroy()],
    ["the server fails during the refresh call", "Server error. Please try again...", (res: http.ServerResponse) => json(res, 503, { detail: "Database unavailable" })],
  ])("keeps the member signed in when %s", async (_case, message, answerRefresh) => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "old");
    localStorage.setItem(STORAGE_KEYS.userRefreshToken, "refresh-1");
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ user_id: "u1" }));
    handler = (s, res) => (s.url.endsWith("auth/user/refresh") ? answerRefresh(res) : json(res, 401, { detail: "Could not validate credentials" }));
    const error = (await api.get("user/me").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(message);
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBe("old");
    expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBe("refresh-1");
    expect(localStorage.getItem(STORAGE_KEYS.userData)).not.toBeNull();
  });

  it("renews an admin session through the admin refresh call", async () => {
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "old-admin");
    localStorage.setItem(STORAGE_KEYS.adminRefreshToken, "admin-refresh");
    handler = (s, res) => {
      if (s.url.endsWith("auth/admin/refresh")) json(res, 200, { access_token: "new-admin", refresh_token: "admin-refresh-2" });
      else if (s.authorization === "Bearer new-admin") json(res, 200, { moved: true });
      else json(res, 401, { detail: "Could not validate credentials" });
    };
    expect(await api.put("queuer/move/abc", { json: {} })).toEqual({ moved: true });
    expect(seen[1]).toMatchObject({ url: "/api/v1/auth/admin/refresh", authorization: "Bearer admin-refresh" });
    expect(localStorage.getItem(STORAGE_KEYS.adminAccessToken)).toBe("new-admin");
  });

  it("does not try to renew when the request carried no token", async () => {
    handler = (_s, res) => json(res, 401, { detail: "Incorrect username or password" });
    const error = (await publicApi.post("auth/user/login", { form: { username: "a", password: "b" } }).catch((e: unknown) => e)) as ApiError;
    expect(error.userMessage("login")).toBe("Incorrect username or password");
    expect(seen).toHaveLength(1);
  });
});
