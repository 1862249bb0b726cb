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
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** An iCalendar file (RFC 5545) with one event. The writer (ics, with its validator) loads on first use. */
export async function icsFile(event: CalendarEvent): Promise<string> {
  const { createEvent } = await import("ics");
  const { error, value } = createEvent({
    productId: "-//LiveQueue//Next stream//EN",
    uid: `stream-${stamp(event.start)}@livequeue`,
    start: event.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: endOf(event).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: event.title,
    description: event.description,
    url: event.url,
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be written");
  return value;
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
