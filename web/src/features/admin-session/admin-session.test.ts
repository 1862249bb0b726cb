import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@common/auth";
import { adminSessionReducer, initialAdminSession, isTokenUnexpired, loginAdmin, logoutAdmin, restoreAdminSession, restoreAdminSessionOnce, tokenExpiry } from "./admin-session";

const PROFILE = { admin_id: "adm_1", username: "host", is_active: true, is_super_admin: true, created_at: "2026-01-01T00:00:00.000Z" };

/** A signed-token lookalike: only the payload's exp matters to the browser. */
function token(name: string, expiresInSeconds: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig-${name}`;
}

interface Call {
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A small backend that plays the admin auth server: `valid` access tokens pass, `refreshes` rotate. */
const backend = {
  valid: new Set<string>(),
  refreshes: new Map<string, { access_token: string; refresh_token: string }>(),
  delayMs: 0,
  /** Every call answers this status (a server failure) when set. */
  failWith: null as number | null,
  /** Answers written so far: a restore that gave up before this grows did not wait for the server. */
  answered: 0,
  calls: [] as Call[],
};
let server: http.Server;
let base: string;

function reply(res: http.ServerResponse, status: number, body?: unknown) {
  setTimeout(() => {
    if (res.destroyed) return;
    backend.answered += 1;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body === undefined ? "" : JSON.stringify(body));
  }, backend.delayMs);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").replace("/api/v1/", "");
      const auth = req.headers.authorization;
      const presented = auth?.replace(/^Bearer /, "") ?? "";
      backend.calls.push({ path, authorization: auth, body });
      if (backend.failWith) return reply(res, backend.failWith, { detail: "Service unavailable" });
      if (path === "auth/admin/test-token") return backend.valid.has(presented) ? reply(res, 200, PROFILE) : reply(res, 401, { detail: "Could not validate credentials" });
      if (path === "auth/admin/refresh") {
        const pair = backend.refreshes.get(presented);
        backend.refreshes.delete(presented);
        if (!pair) return reply(res, 401, { detail: "Could not validate credentials" });
        backend.valid.add(pair.access_token);
        return reply(res, 200, { ...pair, token_type: "bearer" });
      }
      if (path === "auth/admin") {
        const form = new URLSearchParams(body);
        if (form.get("username") !== "host" || form.get("password") !== "host-password-123") return reply(res, 401, { detail: "Incorrect username or password" });
        const pair = { access_token: token("login", 900), refresh_token: token("login-refresh", 86400) };
        backend.valid.add(pair.access_token);
        return reply(res, 200, { ...pair, token_type: "bearer" });
      }
      if (path === "auth/admin/logout") return presented ? reply(res, 204) : reply(res, 401, { detail: "Not authenticated" });
      reply(res, 404, { detail: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", base);
  localStorage.clear();
  backend.valid.clear();
  backend.refreshes.clear();
  backend.delayMs = 0;
  backend.failWith = null;
  backend.answered = 0;
  backend.calls.length = 0;
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const store = (access: string | null, refresh: string | null) => {
  if (access) localStorage.setItem(STORAGE_KEYS.adminAccessToken, access);
  if (refresh) localStorage.setItem(STORAGE_KEYS.adminRefreshToken, refresh);
};
const stored = () => ({ access: localStorage.getItem(STORAGE_KEYS.adminAccessToken), refresh: localStorage.getItem(STORAGE_KEYS.adminRefreshToken) });
const paths = () => backend.calls.map((call) => `${call.path} ${call.authorization ?? "-"}`);

/** Lets real sockets work until the backend has seen `count` calls; faked timers stand still meanwhile. */
async function arrived(count: number): Promise<void> {
  while (backend.calls.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe("the session state", () => {
  it("starts uninitialized and moves through INITIALIZE, LOGIN and LOGOUT", () => {
    expect(initialAdminSession).toEqual({ isInitialized: false, isAuthenticated: false, admin: null });
    const guest = adminSessionReducer(initialAdminSession, { type: "INITIALIZE", admin: null });
    expect(guest).toEqual({ isInitialized: true, isAuthenticated: false, admin: null });
    const signedIn = adminSessionReducer(guest, { type: "LOGIN", admin: PROFILE });
    expect(signedIn).toEqual({ isInitialized: true, isAuthenticated: true, admin: PROFILE });
    expect(adminSessionReducer(signedIn, { type: "LOGOUT" })).toEqual({ isInitialized: true, isAuthenticated: false, admin: null });
    expect(adminSessionReducer(initialAdminSession, { type: "INITIALIZE", admin: PROFILE }).isAuthenticated).toBe(true);
  });
});

describe("token expiry", () => {
  it("reads the exp claim and treats a token as valid only while now is below it", () => {
    const t = token("a", 60);
    const exp = tokenExpiry(t)!;
    expect(isTokenUnexpired(t, (exp - 1) * 1000)).toBe(true);
    expect(isTokenUnexpired(t, exp * 1000)).toBe(false);
    expect(tokenExpiry("not-a-token")).toBeNull();
    expect(isTokenUnexpired("a.%%%.c")).toBe(false);
    expect(isTokenUnexpired(null)).toBe(false);
  });
});

describe("restoring the admin session on load", () => {
  it("verifies an unexpired access token and nothing else", async () => {
    const access = token("a", 600);
    backend.valid.add(access);
    store(access, token("r", 3600));
    expect(await restoreAdminSession()).toEqual({ admin: PROFILE });
    expect(paths()).toEqual([`auth/admin/test-token Bearer ${access}`]);
  });

  it("exchanges an unexpired refresh token when the access token has expired, stores the new pair and verifies it", async () => {
    const refresh = token("r", 3600);
    const renewed = { access_token: token("a2", 600), refresh_token: token("r2", 3600) };
    backend.refreshes.set(refresh, renewed);
    store(token("a", -5), refresh);
    expect(await restoreAdminSession()).toEqual({ admin: PROFILE });
    expect(paths()).toEqual([`auth/admin/refresh Bearer ${refresh}`, `auth/admin/test-token Bearer ${renewed.access_token}`]);
    expect(stored()).toEqual({ access: renewed.access_token, refresh: renewed.refresh_token });
  });

  it("falls back to the refresh token when the server refuses an unexpired access token", async () => {
    const refresh = token("r", 3600);
    const renewed = { access_token: token("a2", 600), refresh_token: token("r2", 3600) };
    backend.refreshes.set(refresh, renewed);
    store(token("revoked", 600), refresh);
    expect(await restoreAdminSession()).toEqual({ admin: PROFILE });
    expect(backend.calls.map((call) => call.path)).toEqual(["auth/admin/test-token", "auth/admin/refresh", "auth/admin/test-token"]);
  });

  it("tries the stored access token as it is when both look expired on this clock", async () => {
    const access = token("a", -30);
    backend.valid.add(access);
    store(access, token("r", -30));
    expect(await restoreAdminSession()).toEqual({ admin: PROFILE });
    expect(paths()).toEqual([`auth/admin/test-token Bearer ${access}`]);
  });

  it("clears the stored tokens and becomes a guest when the server refuses them all", async () => {
    store(token("a", 600), token("r", 3600));
    expect(await restoreAdminSession()).toEqual({ admin: null });
    expect(backend.calls.map((call) => call.path)).toEqual(["auth/admin/test-token", "auth/admin/refresh"]);
    expect(stored()).toEqual({ access: null, refresh: null });
  });

  it("reports 'No admin refresh token' when an expired sign-in has no refresh token to renew it", async () => {
    store(token("a", -30), null);
    expect(await restoreAdminSession()).toEqual({ admin: null, reason: "No admin refresh token" });
    expect(stored()).toEqual({ access: null, refresh: null });
  });

  it("is a guest at once, without a call, when nothing is stored", async () => {
    expect(await restoreAdminSession()).toEqual({ admin: null });
    expect(backend.calls).toEqual([]);
  });

  it("reports 'Request timeout' when the server does not answer in time, and keeps the tokens for the next load", async () => {
    const access = token("a", 600);
    backend.valid.add(access);
    backend.delayMs = 300;
    store(access, token("r", 3600));
    expect(await restoreAdminSession({ timeoutMs: 100 })).toEqual({ admin: null, reason: "Request timeout" });
    expect(backend.answered).toBe(0);
    expect(stored().access).toBe(access);
  });

  it("uses 1500 ms as the time limit by default: an answer at 1499 ms signs in, none by 1500 ms is a timeout", async () => {
    const access = token("a", 600);
    backend.valid.add(access);
    store(access, null);
    // The page's time limit and the backend's delay run on one fake clock, so the busier machine cannot reorder them.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      backend.delayMs = 1499;
      const inTime = restoreAdminSession();
      await arrived(1);
      await vi.advanceTimersByTimeAsync(1499);
      expect(await inTime).toEqual({ admin: PROFILE });

      backend.delayMs = 1501;
      const late = restoreAdminSession();
      await arrived(2);
      await vi.advanceTimersByTimeAsync(1500);
      expect(await late).toEqual({ admin: null, reason: "Request timeout" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives each call its own time limit, not the whole restore", async () => {
    const refresh = token("r", 3600);
    backend.refreshes.set(refresh, { access_token: token("a2", 600), refresh_token: token("r2", 3600) });
    backend.delayMs = 150;
    store(token("a", 600), refresh);
    // Three calls of 150 ms each (refused token, refresh, verify) under a 200 ms limit per call, on one fake clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const restored = restoreAdminSession({ timeoutMs: 200 });
      for (let call = 1; call <= 3; call += 1) {
        await arrived(call);
        await vi.advanceTimersByTimeAsync(150);
      }
      expect(await restored).toEqual({ admin: PROFILE });
    } finally {
      vi.useRealTimers();
    }
    expect(backend.calls.map((call) => call.path)).toEqual(["auth/admin/test-token", "auth/admin/refresh", "auth/admin/test-token"]);
  });

  it("keeps the tokens for the next load when the server fails (5xx)", async () => {
    const access = token("a", 600);
    const refresh = token("r", 3600);
    backend.failWith = 503;
    store(access, refresh);
    const result = await restoreAdminSession();
    expect(result.admin).toBeNull();
    expect(result.reason).toBe("Server error. Please try again...");
    expect(stored()).toEqual({ access, refresh });
  });

  it("becomes a guest when the server cannot be reached", async () => {
    vi.stubEnv("VITE_API_URL", "http://127.0.0.1:1/api/v1/");
    store(token("a", 600), null);
    const result = await restoreAdminSession();
    expect(result.admin).toBeNull();
    expect(result.reason).toBe("Cannot reach the server");
  });

  it("presents a refresh token once even when two pages restore at the same moment", async () => {
    const refresh = token("r", 3600);
    backend.refreshes.set(refresh, { access_token: token("a2", 600), refresh_token: token("r2", 3600) });
    store(null, refresh);
    const [first, second] = await Promise.all([restoreAdminSessionOnce(), restoreAdminSessionOnce()]);
    expect(first).toEqual({ admin: PROFILE });
    expect(second).toEqual({ admin: PROFILE });
    expect(backend.calls.filter((call) => call.path === "auth/admin/refresh")).toHaveLength(1);
  });
});

describe("signing in", () => {
  it("sends a form body, stores both tokens and returns the profile", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await loginAdmin("host", "host-password-123")).toEqual(PROFILE);
    expect(backend.calls[0]).toMatchObject({ path: "auth/admin", authorization: undefined, body: "username=host&password=host-password-123" });
    expect(stored().access).toMatch(/sig-login$/);
    expect(stored().refresh).toMatch(/sig-login-refresh$/);
  });

  it("shows the server's sentence for wrong credentials and leaves no tokens behind", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    store("stale", "stale");
    await expect(loginAdmin("host", "wrong")).rejects.toThrow("Incorrect username or password");
    expect(stored()).toEqual({ access: null, refresh: null });
  });

  it("says 'Connection failed!' when the server cannot be reached", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubEnv("VITE_API_URL", "http://127.0.0.1:1/api/v1/");
    await expect(loginAdmin("host", "host-password-123")).rejects.toThrow("Connection failed!");
  });

  it("fails with 'Token storage failed' when the browser refuses to store the token", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    await expect(loginAdmin("host", "host-password-123")).rejects.toThrow("Token storage failed");
  });
});

describe("signing out", () => {
  const leftovers = ["access_token", "refresh_token", "accessToken", "refreshToken", "user_access_token", "user_refresh_token", "user_data", "user_id"];

  it("revokes the refresh token and clears the admin tokens and the user-side leftovers", async () => {
    const refresh = token("r", 3600);
    store(token("a", 600), refresh);
    for (const key of leftovers) localStorage.setItem(key, "x");
    localStorage.setItem(STORAGE_KEYS.helpSeen, "true");
    expect(await logoutAdmin()).toEqual({ failed: false });
    expect(paths()).toEqual([`auth/admin/logout Bearer ${refresh}`]);
    expect(stored()).toEqual({ access: null, refresh: null });
    for (const key of leftovers) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.helpSeen)).toBe("true");
  });

  it("still signs out of this browser when the server cannot be reached, and says so", async () => {
    vi.stubEnv("VITE_API_URL", "http://127.0.0.1:1/api/v1/");
    store(token("a", 600), token("r", 3600));
    expect(await logoutAdmin()).toEqual({ failed: true });
    expect(stored()).toEqual({ access: null, refresh: null });
  });
});
