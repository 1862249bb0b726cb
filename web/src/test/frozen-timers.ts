import { vi } from "vitest";
import { act } from "@testing-library/react";

/** Moves the faked clock by `ms`, inside act so React renders what the timers changed. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Waits for real network answers while the page's timers stay frozen (fake setTimeout/setInterval).
 * Zero-delay timers still run, because the query cache schedules its notifications that way.
 */
export async function until(check: () => boolean, limitMs = 15_000): Promise<void> {
  const end = performance.now() + limitMs;
  while (!check()) {
    if (performance.now() > end) throw new Error("timed out waiting");
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}
