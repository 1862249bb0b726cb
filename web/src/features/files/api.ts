import { queryOptions } from "@tanstack/react-query";
import type { FilePresignResponse } from "@common/files";
import { SCAN_POLL_MS } from "@common/limits";
import { api, isApiError } from "../../lib/api-client";

export const filesKeys = {
  scan: (key: string) => ["files", "scan", key] as const,
};

export { publicConfigQuery } from "../../lib/site";

/** A file's scan as the spec reads files/presign: 200 clean, 400 pending, any other answer an error. */
export type ScanResult = { state: "pending" } | { state: "clean"; url: string; durationSeconds: number | null; gainDb: number } | { state: "error"; reason: string | null };

async function fetchScan(key: string, auth: "auto" | "admin"): Promise<ScanResult> {
  try {
    const answer = await api.get<FilePresignResponse>("files/presign", { query: { key }, auth });
    return { state: "clean", url: answer.url, durationSeconds: answer.duration_seconds, gainDb: answer.gain_db };
  } catch (error) {
    if (!isApiError(error) || error.network) throw error;
    if (error.status === 400) return { state: "pending" };
    return { state: "error", reason: error.detailText };
  }
}

/**
 * The scan status of one file, asked again every `pollMs` while it is pending. The admin page asks
 * with the admin token, which makes the answer's URL playable by an audio element.
 */
export const scanStatusQuery = (key: string, options: { auth?: "auto" | "admin"; pollMs?: number } = {}) =>
  queryOptions({
    queryKey: [...filesKeys.scan(key), options.auth ?? "auto"] as const,
    queryFn: () => fetchScan(key, options.auth ?? "auto"),
    refetchInterval: (query) => (query.state.data?.state === "pending" ? (options.pollMs ?? SCAN_POLL_MS) : false),
  });
