import { DateTime } from "luxon";
import { STREAM_TIME_ZONE } from "@common/admin";

const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * A wall-clock time typed in US Eastern time ("2026-07-04T19:00", as a datetime-local input gives it)
 * as an ISO UTC instant, with daylight saving applied for that date. Null when it is not a time.
 * A time skipped by the spring change (02:30) moves forward an hour, as clocks do.
 */
export function easternInputToUtc(value: string): string | null {
  const local = DateTime.fromISO(value.trim(), { zone: STREAM_TIME_ZONE });
  return local.isValid ? local.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** The stored UTC instant as the value of a datetime-local input in Eastern time; "" when unset or invalid. */
export function utcToEasternInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = DateTime.fromISO(iso, { zone: "utc" });
  return instant.isValid ? instant.setZone(STREAM_TIME_ZONE).toFormat(INPUT_FORMAT) : "";
}

const DISPLAY: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** A UTC instant as the date helper shows it: in Eastern time and in this browser's own time zone. */
export function describeUtc(iso: string, options: { locale?: string; localZone?: string } = {}): { eastern: string; local: string } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    eastern: new Intl.DateTimeFormat(options.locale, { ...DISPLAY, timeZone: STREAM_TIME_ZONE }).format(date),
    local: new Intl.DateTimeFormat(options.locale, { ...DISPLAY, timeZone: options.localZone }).format(date),
  };
}
