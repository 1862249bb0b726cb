import { describe, expect, it } from "vitest";
import { nextDueAfter, type Recurrence } from "./schedule-recurrence";

const daily = (time: string, zone = "America/New_York"): Recurrence => ({
  schedule_type: "daily",
  execution_time: time,
  timezone: zone,
  start_date: null,
  end_date: null,
  weekdays: [],
});

/** Every due time from `from` up to `until`, as the tick would meet them. */
function dueTimes(recurrence: Recurrence, from: string, until: string): string[] {
  const times: string[] = [];
  let next = nextDueAfter(recurrence, new Date(from));
  while (next && next < new Date(until)) {
    times.push(next.toISOString());
    next = nextDueAfter(recurrence, next);
  }
  return times;
}

describe("when a schedule is due", () => {
  it("runs a daily 19:00 New York schedule at 19:00 local on both sides of daylight saving", () => {
    expect(dueTimes(daily("19:00"), "2026-03-07T12:00:00Z", "2026-03-09T12:00:00Z")).toEqual(["2026-03-08T00:00:00.000Z", "2026-03-08T23:00:00.000Z"]);
  });

  it("runs a 02:30 schedule once on the spring-forward day, at the end of the skipped hour", () => {
    expect(dueTimes(daily("02:30"), "2026-03-07T12:00:00Z", "2026-03-09T12:00:00Z")).toEqual(["2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"]);
  });

  it("runs a 01:30 schedule once on the fall-back day, at its first occurrence", () => {
    expect(dueTimes(daily("01:30"), "2026-10-31T12:00:00Z", "2026-11-02T12:00:00Z")).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });

  it("follows London's own change date, not New York's", () => {
    expect(dueTimes(daily("09:00", "Europe/London"), "2026-03-28T12:00:00Z", "2026-03-30T12:00:00Z")).toEqual(["2026-03-29T08:00:00.000Z", "2026-03-30T08:00:00.000Z"]);
  });

  it("runs a weekly schedule on its days only, within its start and end dates", () => {
    const weekly: Recurrence = { ...daily("19:00"), schedule_type: "weekly", weekdays: ["monday", "wednesday"], start_date: "2026-11-25", end_date: "2026-12-02" };
    expect(dueTimes(weekly, "2026-11-20T00:00:00Z", "2026-12-31T00:00:00Z")).toEqual(["2026-11-26T00:00:00.000Z", "2026-12-01T00:00:00.000Z", "2026-12-03T00:00:00.000Z"]);
  });

  it("runs a one-time schedule once, on its date in its zone", () => {
    const once: Recurrence = { ...daily("23:30", "Asia/Tokyo"), schedule_type: "once", start_date: "2026-12-24" };
    expect(dueTimes(once, "2026-12-01T00:00:00Z", "2027-12-31T00:00:00Z")).toEqual(["2026-12-24T14:30:00.000Z"]);
    expect(nextDueAfter(once, new Date("2026-12-24T14:30:00Z"))).toBeNull();
  });
});
