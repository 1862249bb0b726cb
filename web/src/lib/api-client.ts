import { ERROR_TEXT, errorMessage, type ErrorContext } from "@common/error-catalogue";
import { servedBases, type ServedBases } from "./served-config";
import { clearSession, getAccessToken, getRefreshToken, notifyUserDataChanged, setSessionTokens, type SessionKind, type StoredUser } from "./storage";

const API_PATH = "/api/v1/";

interface LocationLike {
  protocol: string;
  hostname: string;
  host: string;
}

/**
 * The one API base, ending in /api/v1/. The base the serving server wrote into the page comes first;
 * without one (the development build) on localhost: VITE_API_URL when set, else port 8000 of this host
 * (the server's default); anywhere else this origin.
 */
export function apiBaseUrl(
  location: LocationLike = window.location,
  override: string | null = import.meta.env.VITE_API_URL ?? null,
  served: ServedBases | null = servedBases(),
): string {
  if (served) return served.api;
  if (location.hostname === "localhost") {
    if (override) return override.endsWith("/") ? override : `${override}/`;
    return `${location.protocol}//${location.hostname}:8000${API_PATH}`;
  }
  return `${location.protocol}//${location.host}${API_PATH}`;
}

const ADMIN_PATH_MARKERS = ["auth/admin", "/admin", "/move/", "/set/", "/priority/", "/analytics/", "/scheduler/"];

/** Spec section 6: which stored token the general client sends for a (relative) path. */
export function tokenKindForPath(path: string): SessionKind {
  const withSlash = `/${path.replace(/^\/+/, "").split("?")[0]}`;
  return ADMIN_PATH_MARKERS.some((marker) => withSlash.includes(marker)) ? "admin" : "user";
}

/** A failed call: the HTTP status (0 when the server could not be reached) and what the server said. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: unknown;
  /** Seconds to wait, from the Retry-After header or the body's retry_after. */
  readonly retryAfter: number | null;
  readonly correlationId: string | null;
  readonly network: boolean;
  readonly path: string;
  readonly method: string;
  /** Sent with the admin token: the catalogue words its 422 as the back-office does. */
  readonly admin: boolean;

  constructor(init: {
    status: number;
    detail?: unknown;
    retryAfter?: number | null;
    correlationId?: string | null;
    path: string;
    method: string;
    cause?: unknown;
    admin?: boolean;
  }) {
    const network = init.status === 0;
    const admin = init.admin === true;
    super(errorMessage({ status: init.status, detail: init.detail, retryAfter: init.retryAfter, network, admin }), { cause: init.cause });
    this.admin = admin;
    this.name = "ApiError";
    this.status = init.status;
    this.detail = init.detail;
    this.retryAfter = init.retryAfter ?? null;
    this.correlationId = init.correlationId ?? null;
    this.network = network;
    this.path = init.path;
    this.method = init.method;
  }

  /** The catalogue sentence for this failure in a given context (submit, update, login, google...). */
  userMessage(context: ErrorContext = "default"): string {
    return errorMessage(this, context);
  }

  /** The server's own `detail` when it is a sentence, else null. */
  get detailText(): string | null {
    return typeof this.detail === "string" && this.detail.trim() ? this.detail : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: URLSearchParams | Record<string, string>;
  /** Sent as multipart/form-data. */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Which token to send: by path (default), a fixed kind, or none. */
  auth?: "auto" | SessionKind | "none";
  signal?: AbortSignal;
  /** Told of a successful answer's headers (a list's ETag, for instance). */
  onHeaders?: (headers: Headers) => void;
}

interface RefreshAnswer {
  access_token: string;
  refresh_token: string;
  user?: StoredUser;
}

/** A renewal's outcome; `failure` is what the waiting request reports instead of its own 401, when there is one. */
type Renewal = { renewed: true } | { renewed: false; failure: ApiError | null };

const renewals = new Map<SessionKind, Promise<Renewal>>();

const NO_REFRESH_TOKEN: Record<SessionKind, string> = { user: ERROR_TEXT.noRefreshToken, admin: ERROR_TEXT.noAdminRefreshToken };

type SessionEndListener = (kind: SessionKind, reason: string | null) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Told when a failed renewal ends a session; `reason` is 'No refresh token' ('No admin refresh token') when there was none to renew it with. */
export function onSessionEnded(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

function dropSession(kind: SessionKind, reason: string | null = null): void {
  // Requests sent together may each fail to renew: the session ends, and is announced, once.
  const ending = getAccessToken(kind) !== null;
  clearSession(kind);
  if (kind === "admin") notifyUserDataChanged();
  if (ending) for (const listener of sessionEndListeners) listener(kind, reason);
}

/**
 * Only the server refusing the refresh token (a 4xx) or having none ends the session; a network blip
 * or a server failure during the refresh call keeps the tokens for the next try.
 */
async function callRefresh(kind: SessionKind): Promise<Renewal> {
  const path = kind === "admin" ? "auth/admin/refresh" : "auth/user/refresh";
  const method = "POST";
  const admin = kind === "admin";
  const refreshToken = getRefreshToken(kind);
  if (!refreshToken) {
    dropSession(kind, NO_REFRESH_TOKEN[kind]);
    return { renewed: false, failure: new ApiError({ status: 401, detail: NO_REFRESH_TOKEN[kind], path, method, admin }) };
  }
  let response: Response;
  try {
    response = await fetch(new URL(path, apiBaseUrl()), { method, headers: { Authorization: `Bearer ${refreshToken}`, Accept: "application/json" } });
  } catch (cause) {
    return { renewed: false, failure: new ApiError({ status: 0, detail: "Network Error", path, method, cause, admin }) };
  }
  const body = await readBody(response).catch(() => undefined);
  if (response.status >= 400 && response.status < 500) {
    dropSession(kind);
    return { renewed: false, failure: null };
  }
  const tokens = (body && typeof body === "object" ? body : {}) as Partial<RefreshAnswer> & { detail?: unknown };
  if (!response.ok || !tokens.access_token || !tokens.refresh_token) {
    // An answer without tokens is the server failing, not refusing.
    return { renewed: false, failure: new ApiError({ status: response.ok ? 502 : response.status, detail: tokens.detail, path, method, admin }) };
  }
  setSessionTokens(kind, { access_token: tokens.access_token, refresh_token: tokens.refresh_token }, tokens.user ?? null);
  return { renewed: true };
}

/** Renews a session once for every request that is waiting on it. */
function renew(kind: SessionKind): Promise<Renewal> {
  let pending = renewals.get(kind);
  if (!pending) {
    pending = callRefresh(kind).finally(() => renewals.delete(kind));
    renewals.set(kind, pending);
  }
  return pending;
}

/** Renews a session (merged with any renewal under way); resolves true when new tokens are stored. */
export async function renewSession(kind: SessionKind): Promise<boolean> {
  return (await renew(kind)).renewed;
}

function chooseToken(path: string, auth: RequestOptions["auth"]): { kind: SessionKind; token: string } | null {
  if (auth === "none") return null;
  const kind = auth === "user" || auth === "admin" ? auth : tokenKindForPath(path);
  const token = getAccessToken(kind);
  if (token) return { kind, token };
  if (auth === "auto" || auth === undefined) {
    const admin = kind === "user" ? getAccessToken("admin") : null;
    if (admin) return { kind: "admin", token: admin };
  }
  return null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): URL {
  const url = new URL(path.replace(/^\/+/, ""), apiBaseUrl());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

function requestBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    return JSON.stringify(options.json);
  }
  if (options.form) return options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form);
  return options.multipart;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function retryAfterOf(response: Response, body: unknown): number | null {
  const header = Number(response.headers.get("retry-after"));
  if (Number.isFinite(header) && header > 0) return header;
  const fromBody = body && typeof body === "object" ? Number((body as { retry_after?: unknown }).retry_after) : NaN;
  return Number.isFinite(fromBody) && fromBody > 0 ? fromBody : null;
}

async function send<T>(path: string, options: RequestOptions, retried: boolean): Promise<T> {
  const method = options.method ?? "GET";
  const headers = new Headers({ Accept: "application/json", ...options.headers });
  const chosen = chooseToken(path, options.auth);
  if (chosen) headers.set("Authorization", `Bearer ${chosen.token}`);
  const body = requestBody(options, headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, detail: "Network Error", path, method, cause });
  }

  if (response.status === 401 && chosen && !retried) {
    const renewal = await renew(chosen.kind);
    if (renewal.renewed) return send<T>(path, options, true);
    if (renewal.failure) throw renewal.failure;
  }
  const parsed = await readBody(response);
  if (!response.ok) {
    const detail = parsed && typeof parsed === "object" && "detail" in parsed ? (parsed as { detail: unknown }).detail : parsed;
    throw new ApiError({
      status: response.status,
      detail,
      retryAfter: retryAfterOf(response, parsed),
      correlationId: response.headers.get("x-request-id"),
      path,
      method,
      admin: chosen?.kind === "admin",
    });
  }
  options.signal?.throwIfAborted();
  options.onHeaders?.(response.headers);
  return parsed as T;
}

function client(defaultAuth: RequestOptions["auth"]) {
  const request = <T>(path: string, options: RequestOptions = {}) => send<T>(path, { auth: defaultAuth, ...options }, false);
  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, "method">) => request<T>(path, { ...options, method: "GET" }),
    post: <T>(path: string, options?: Omit<RequestOptions, "method">) => request<T>(path, { ...options, method: "POST" }),
    put: <T>(path: string, options?: Omit<RequestOptions, "method">) => request<T>(path, { ...options, method: "PUT" }),
    patch: <T>(path: string, options?: Omit<RequestOptions, "method">) => request<T>(path, { ...options, method: "PATCH" }),
    delete: <T>(path: string, options?: Omit<RequestOptions, "method">) => request<T>(path, { ...options, method: "DELETE" }),
  };
}

export type ApiClient = ReturnType<typeof client>;

/** The general client: token chosen by path, one renewal and one retry after a 401. */
export const api: ApiClient = client("auto");

/** Sends no token at all (public calls, logins). */
export const publicApi: ApiClient = client("none");
