import { ApiError, buildUrl, renewSession, tokenKindForPath } from "../../lib/api-client";
import { getAccessToken, type SessionKind } from "../../lib/storage";

export interface UploadOptions {
  method?: "POST" | "PUT";
  /** "none" sends no token (a presigned URL carries its own). */
  auth?: "auto" | "none";
  headers?: Record<string, string>;
  /** Called as the bytes leave the browser, with 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The token the general client would send for `path` (spec section 6), with the kind it came from. */
function tokenFor(path: string): { kind: SessionKind; token: string } | null {
  const kind = tokenKindForPath(path);
  const token = getAccessToken(kind);
  if (token) return { kind, token };
  const admin = kind === "user" ? getAccessToken("admin") : null;
  return admin ? { kind: "admin", token: admin } : null;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function once<T>(path: string, body: FormData | Blob, options: UploadOptions, auth: { kind: SessionKind; token: string } | null): Promise<T> {
  const method = options.method ?? "POST";
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path).toString());
    xhr.setRequestHeader("Accept", "application/json");
    if (auth) xhr.setRequestHeader("Authorization", `Bearer ${auth.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        return resolve(parsed as T);
      }
      const detail = parsed && typeof parsed === "object" && "detail" in parsed ? (parsed as { detail: unknown }).detail : parsed;
      const retryHeader = Number(xhr.getResponseHeader("retry-after"));
      reject(
        new ApiError({
          status: xhr.status,
          detail,
          retryAfter: Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : null,
          correlationId: xhr.getResponseHeader("x-request-id"),
          path,
          method,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, detail: "Network Error", path, method }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Sends a file with XMLHttpRequest, the one browser API that reports upload progress. Same token
 * choice as the general client, and the same single renewal and retry after a 401.
 */
export async function uploadWithProgress<T>(path: string, body: FormData | Blob, options: UploadOptions = {}): Promise<T> {
  const auth = options.auth === "none" ? null : tokenFor(path);
  try {
    return await once<T>(path, body, options, auth);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !auth || !(await renewSession(auth.kind))) throw error;
    options.onProgress?.(0);
    return once<T>(path, body, options, tokenFor(path));
  }
}
