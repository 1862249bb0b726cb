import { describe, expect, it } from "vitest";
import { describeUtc, easternInputToUtc, utcToEasternInput } from "./eastern-time";

describe("easternInputToUtc", () => {
  it("saves a summer evening in Eastern time as UTC minus four hours (daylight saving)", () => {
    expect(easternInputToUtc("2026-07-04T19:00")).toBe("2026-07-04T23:00:00Z");
  });

  it("saves a winter evening as UTC minus five hours, rolling over to the next UTC day", () => {
    expect(easternInputToUtc("2026-12-04T19:30")).toBe("2026-12-05T00:30:00Z");
  });

  it("uses the offset of the day itself on both sides of the spring change", () => {
    expect(easternInputToUtc("2026-03-07T12:00")).toBe("2026-03-07T17:00:00Z");
    expect(easternInputToUtc("2026-03-08T12:00")).toBe("2026-03-08T16:00:00Z");
  });

  it("moves a time the spring change skips forward by an hour", () => {
    expect(easternInputToUtc("2026-03-08T02:30")).toBe("2026-03-08T07:30:00Z");
  });

  it("refuses text that is not a time", () => {
    expect(easternInputToUtc("")).toBeNull();
    expect(easternInputToUtc("tomorrow at seven")).toBeNull();
    expect(easternInputToUtc("2026-13-40T25:00")).toBeNull();
  });
});

describe("utcToEasternInput", () => {
  it("shows a stored instant as the Eastern wall-clock time it was entered as", () => {
    expect(utcToEasternInput("2026-07-04T23:00:00.000Z")).toBe("2026-07-04T19:00");
    expect(utcToEasternInput("2026-12-05T00:30:00Z")).toBe("2026-12-04T19:30");
  });

  it("round-trips what the admin typed", () => {
    for (const typed of ["2026-01-15T08:05", "2026-11-01T00:59", "2026-11-01T03:00", "2027-06-30T23:45"]) {
      expect(utcToEasternInput(easternInputToUtc(typed))).toBe(typed);
    }
  });

  it("leaves the input empty when nothing or nonsense is stored", () => {
    expect(utcToEasternInput(null)).toBe("");
    expect(utcToEasternInput("not a date")).toBe("");
  });
});

describe("describeUtc", () => {
  it("shows one instant in Eastern time and in the browser's own zone", () => {
    const shown = describeUtc("2026-07-04T23:00:00Z", { locale: "en-US", localZone: "Europe/Paris" });
    expect(shown?.eastern).toBe("Sat, Jul 4, 2026, 7:00 PM EDT");
    expect(shown?.local).toBe("Sun, Jul 5, 2026, 1:00 AM GMT+2");
  });

  it("marks winter times as EST", () => {
    expect(describeUtc("2026-12-05T00:30:00Z", { locale: "en-US" })?.eastern).toBe("Fri, Dec 4, 2026, 7:30 PM EST");
  });

  it("gives nothing for an invalid instant", () => {
    expect(describeUtc("soon")).toBeNull();
  });
});
