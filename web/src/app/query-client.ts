import { QueryClient } from "@tanstack/react-query";

/** The spec's query retry rules: up to 3 retries, 1 s doubling to at most 30 s, never after a 4xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) return false;
  return failureCount < 3;
}

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** The app's defaults for every query. */
export const queryDefaults = { retry: shouldRetryQuery, retryDelay, refetchOnWindowFocus: false, staleTime: 5_000 };

export const queryClient = new QueryClient({ defaultOptions: { queries: queryDefaults } });
