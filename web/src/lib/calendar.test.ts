import { describe, expect, it } from "vitest";
import { googleCalendarUrl, icsFile } from "./calendar";

const event = { title: "LiveQueue stream", description: "Songs, live; bring yours", url: "https://q.example.com/", start: new Date("2025-08-06T18:30:00Z") };

describe("add-to-calendar", () => {
  it("writes a calendar file with a two-hour event", async () => {
    const ics = await icsFile(event);
    expect(ics).toContain("DTSTART:20250806T183000Z\r\n");
    expect(ics).toContain("DTEND:20250806T203000Z\r\n");
    expect(ics).toContain("SUMMARY:LiveQueue stream\r\n");
    expect(ics).toContain("DESCRIPTION:Songs\\, live\\; bring yours\r\n");
    expect(ics).toContain("URL:https://q.example.com/\r\n");
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  it("links to Google Calendar with the same two hours", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.hostname).toBe("calendar.google.com");
    expect(url.searchParams.get("dates")).toBe("20250806T183000Z/20250806T203000Z");
    expect(url.searchParams.get("text")).toBe("LiveQueue stream");
  });
});
