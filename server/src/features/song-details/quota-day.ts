/** YouTube's quota day runs from midnight to midnight Pacific time. */
const PACIFIC = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });

function pacificParts(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(PACIFIC.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The quota day `at` falls on, as YYYY-MM-DD. */
export const quotaDayOf = (at: Date): string => pacificParts(at).day;

/** When the quota day of `at` ends: the next midnight in Pacific time (07:00 or 08:00 UTC, by daylight saving). */
export function quotaDayEnd(at: Date): Date {
  const next = new Date(`${quotaDayOf(at)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const nextDay = next.toISOString().slice(0, 10);
  for (const hour of [7, 8]) {
    const candidate = new Date(`${nextDay}T0${hour}:00:00Z`);
    const parts = pacificParts(candidate);
    if (parts.day === nextDay && parts.hour === 0) return candidate;
  }
  throw new Error(`no Pacific midnight found after ${at.toISOString()}`);
}
