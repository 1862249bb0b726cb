import { DateTime } from "luxon";
import { STREAM_TIME_ZONE } from "@common/admin";

const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * A wall-clock time typed in the host's time zone (US Eastern unless the host chose another on
 * Settings; "2026-07-04T19:00", as a datetime-local input gives it) as an ISO UTC instant, with
 * daylight saving applied for that date. Null when it is not a time. A time skipped by the spring
 * change (02:30) moves forward an hour, as clocks do.
 */
export function easternInputToUtc(value: string, zone: string = STREAM_TIME_ZONE): string | null {
  const local = DateTime.fromISO(value.trim(), { zone });
  return local.isValid ? local.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** The stored UTC instant as the value of a datetime-local input in the host's zone; "" when unset or invalid. */
export function utcToEasternInput(iso: string | null | undefined, zone: string = STREAM_TIME_ZONE): string {
  if (!iso) return "";
  const instant = DateTime.fromISO(iso, { zone: "utc" });
  return instant.isValid ? instant.setZone(zone).toFormat(INPUT_FORMAT) : "";
}

/** What the forms call the host's zone: "Eastern" as the spec says it, else the place ("Europe/London" reads "London"). */
export function zoneLabel(zone: string): string {
  if (zone === STREAM_TIME_ZONE) return "Eastern";
  return (zone.split("/").pop() ?? zone).replaceAll("_", " ");
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

/** A UTC instant as the date helper shows it: in the host's zone (Eastern by default) and in this browser's own. */
export function describeUtc(iso: string, options: { locale?: string; localZone?: string; hostZone?: string } = {}): { eastern: string; local: string } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    eastern: new Intl.DateTimeFormat(options.locale, { ...DISPLAY, timeZone: options.hostZone ?? STREAM_TIME_ZONE }).format(date),
    local: new Intl.DateTimeFormat(options.locale, { ...DISPLAY, timeZone: options.localZone }).format(date),
  };
}
