import type { Clock } from "../lib/clock";

export interface FakeClock extends Clock {
  /** Moves time forward; the next `now()` is that much later. */
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that stands still until a test moves it: timestamps differ because the test says so, not because it slept. */
export function createFakeClock(start: Date = new Date()): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
