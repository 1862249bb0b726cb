/** Add-to-calendar links for the next stream, built in the browser (spec: the event lasts 2 hours). */

export const STREAM_EVENT_HOURS = 2;

export interface CalendarEvent {
  title: string;
  description: string;
  url: string;
  start: Date;
}

function endOf(event: CalendarEvent): Date {
  return new Date(event.start.getTime() + STREAM_EVENT_HOURS * 60 * 60 * 1000);
}

/** 20250806T180000Z */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function escapeIcs(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** An iCalendar file (RFC 5545) with one event. */
export function icsFile(event: CalendarEvent, now: Date = new Date()): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//LiveQueue//Next stream//EN",
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:stream-${stamp(event.start)}@livequeue`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(endOf(event))}`,
    `SUMMARY:${escapeIcs(event.title)}`,
    `DESCRIPTION:${escapeIcs(event.description)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${stamp(event.start)}/${stamp(endOf(event))}`,
    details: `${event.description}\n${event.url}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
