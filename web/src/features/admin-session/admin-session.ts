import { decodeJwt } from "jose";
import { ADMIN_MESSAGES } from "@common/admin";
import type { AdminProfile, TokenPair } from "@common/auth";
import { ADMIN_SESSION_RESTORE_TIMEOUT_MS } from "@common/limits";
import { isApiError, publicApi } from "../../lib/api-client";
import { clearAdminSession, clearUserSession, getAccessToken, getRefreshToken, setSessionTokens } from "../../lib/storage";

/** The admin session of the spec (section 4): starts uninitialized, then authenticated or guest. */
export interface AdminSessionState {
  isInitialized: boolean;
  isAuthenticated: boolean;
  admin: AdminProfile | null;
}

export type AdminSessionAction = { type: "INITIALIZE"; admin: AdminProfile | null } | { type: "LOGIN"; admin: AdminProfile } | { type: "LOGOUT" };

export const initialAdminSession: AdminSessionState = { isInitialized: false, isAuthenticated: false, admin: null };

export function adminSessionReducer(state: AdminSessionState, action: AdminSessionAction): AdminSessionState {
  switch (action.type) {
    case "INITIALIZE":
      return { isInitialized: true, isAuthenticated: !!action.admin, admin: action.admin };
    case "LOGIN":
      return { isInitialized: true, isAuthenticated: true, admin: action.admin };
    case "LOGOUT":
      return { ...state, isAuthenticated: false, admin: null };
  }
}

/** The `exp` claim (seconds since the epoch) of a signed token, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** A token is valid only while the current time in seconds is below its exp. */
export function isTokenUnexpired(token: string | null, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && nowMs / 1000 < exp;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Runs one call with the restore time limit; running out of time throws 'Request timeout'. */
async function withinTimeout<T>(timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new Error(ADMIN_MESSAGES.requestTimeout, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The server refused what we sent (a 4xx): try the next step. Anything else ends the restore. */
async function unlessRefused<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

const testToken = (token: string, signal?: AbortSignal) => publicApi.post<AdminProfile>("auth/admin/test-token", { headers: bearer(token), signal });

export interface RestoreResult {
  admin: AdminProfile | null;
  /** Why the restore ended as a guest without the server refusing the tokens ('Request timeout', ...). */
  reason?: string;
}

/**
 * The restore order on load: an unexpired access token is verified; else an unexpired refresh token
 * is exchanged, stored and verified; else whatever access token is stored is tried as it is. When the
 * server refuses them all the stored tokens are cleared. A timeout or an unreachable server also ends
 * as a guest, but keeps the tokens so that the next load can still restore the session.
 */
export async function restoreAdminSession(options: { timeoutMs?: number; now?: number } = {}): Promise<RestoreResult> {
  const timeoutMs = options.timeoutMs ?? ADMIN_SESSION_RESTORE_TIMEOUT_MS;
  const limited = <T>(call: (signal: AbortSignal) => Promise<T>) => unlessRefused(withinTimeout(timeoutMs, call));
  const tried = new Set<string>();
  try {
    const access = getAccessToken("admin");
    if (isTokenUnexpired(access, options.now)) {
      tried.add(access);
      const admin = await limited((signal) => testToken(access, signal));
      if (admin) return { admin };
    }
    const refresh = getRefreshToken("admin");
    if (isTokenUnexpired(refresh, options.now)) {
      const pair = await limited((signal) => publicApi.post<TokenPair>("auth/admin/refresh", { headers: bearer(refresh), signal }));
      if (pair?.access_token && pair.refresh_token) {
        setSessionTokens("admin", pair);
        tried.add(pair.access_token);
        const admin = await limited((signal) => testToken(pair.access_token, signal));
        if (admin) return { admin };
      }
    }
    const current = getAccessToken("admin");
    if (current && !tried.has(current)) {
      const admin = await limited((signal) => testToken(current, signal));
      if (admin) return { admin };
    }
    clearAdminSession();
    // An expired sign-in that cannot be renewed: say why rather than fail silently.
    return !refresh && access ? { admin: null, reason: ADMIN_MESSAGES.noRefreshToken } : { admin: null };
  } catch (error) {
    return { admin: null, reason: error instanceof Error ? error.message : String(error) };
  }
}

let pendingRestore: Promise<RestoreResult> | null = null;

/**
 * One restore at a time: two overlapping restores would present the same refresh token twice, and a
 * reused refresh token revokes the whole login.
 */
export function restoreAdminSessionOnce(): Promise<RestoreResult> {
  pendingRestore ??= restoreAdminSession().finally(() => {
    pendingRestore = null;
  });
  return pendingRestore;
}

/** What the login screen shows for a failed sign-in: the server's sentence, else 'Connection failed!'. */
export function loginFailureMessage(error: unknown): string {
  if (isApiError(error)) return (!error.network && error.detailText) || ADMIN_MESSAGES.connectionFailed;
  if (error instanceof Error && error.message === ADMIN_MESSAGES.tokenStorageFailed) return error.message;
  return ADMIN_MESSAGES.connectionFailed;
}

/**
 * Signs in with the form body the server expects, stores the tokens and checks they were really
 * stored (private modes can refuse storage), then reads the profile. Any failure clears the tokens and
 * throws an Error whose message is the sentence to show.
 */
export async function loginAdmin(username: string, password: string): Promise<AdminProfile> {
  try {
    const pair = await publicApi.post<TokenPair>("auth/admin", { form: { username, password } });
    setSessionTokens("admin", pair);
    if (getAccessToken("admin") !== pair.access_token) throw new Error(ADMIN_MESSAGES.tokenStorageFailed);
    return await testToken(pair.access_token);
  } catch (error) {
    console.warn("Admin login failed:", isApiError(error) ? (error.detailText ?? error.message) : error);
    clearAdminSession();
    throw new Error(loginFailureMessage(error), { cause: error });
  }
}

/**
 * Revokes the refresh token on the server and clears the admin tokens and the user-side leftovers of
 * this browser (spec section 6). The local session ends even when the server cannot be reached;
 * `failed` then tells the screen to say 'Connection failed!'.
 */
export async function logoutAdmin(): Promise<{ failed: boolean }> {
  const refresh = getRefreshToken("admin");
  let failed = false;
  if (refresh) {
    try {
      await publicApi.post("auth/admin/logout", { headers: bearer(refresh) });
    } catch (error) {
      // A refused token is already as good as revoked.
      failed = !(isApiError(error) && error.status === 401);
    }
  }
  clearAdminSession();
  clearUserSession();
  return { failed };
}
