const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * When a priority tier runs out, in calendar days of the admin's clock: Expired, Today, 1 day,
 * N days up to 7, then the date itself.
 */
export function expiryText(expires: string, now: Date = new Date(), locale?: string): string {
  const end = new Date(expires);
  if (Number.isNaN(end.getTime())) return "";
  if (end.getTime() <= now.getTime()) return "Expired";
  const days = Math.round((startOfDay(end) - startOfDay(now)) / DAY_MS);
  if (days === 0) return "Today";
  if (days === 1) return "1 day";
  if (days <= 7) return `${days} days`;
  return end.toLocaleDateString(locale, { month: "short", day: "numeric", year: "numeric" });
}
