import { describe, expect, it } from "vitest";
import { newScheduleValues, scheduleBody, validateScheduleForm, type ScheduleFormValues } from "./schedule-form-values";

const values = (changes: Partial<ScheduleFormValues>): ScheduleFormValues => ({ ...newScheduleValues(), name: "Open for the show", ...changes });
// Sunday noon in New York; already Monday in Tokyo.
const NOW = new Date("2026-11-22T17:00:00.000Z");

describe("a new schedule", () => {
  it("starts at the spec's defaults: daily, open the queue, 19:00 New York, active", () => {
    expect(newScheduleValues()).toMatchObject({ schedule_type: "daily", action: "open_queue", execution_time: "19:00", timezone: "America/New_York", is_active: true });
  });
});

describe("validateScheduleForm", () => {
  it("accepts a complete daily schedule", () => {
    expect(validateScheduleForm(values({}), NOW)).toEqual({});
  });

  it("asks for a name and a time", () => {
    expect(validateScheduleForm(values({ name: "  ", execution_time: "" }), NOW)).toEqual({ name: "Name is required", execution_time: "Time is required" });
  });

  it("asks for at least one day of a weekly schedule, in the spec's words", () => {
    expect(validateScheduleForm(values({ schedule_type: "weekly", weekdays: [] }), NOW)).toEqual({ weekdays: "Please select at least one day for weekly schedules" });
    expect(validateScheduleForm(values({ schedule_type: "weekly", weekdays: ["friday"] }), NOW)).toEqual({});
  });

  it("refuses a one-time date before today in the schedule's own zone", () => {
    const past = "The date of a one-time schedule cannot be in the past";
    expect(validateScheduleForm(values({ schedule_type: "once", start_date: "2026-11-21" }), NOW)).toEqual({ start_date: past });
    expect(validateScheduleForm(values({ schedule_type: "once", start_date: "2026-11-22" }), NOW)).toEqual({});
    expect(validateScheduleForm(values({ schedule_type: "once", start_date: "2026-11-22", timezone: "Asia/Tokyo" }), NOW)).toEqual({ start_date: past });
    expect(validateScheduleForm(values({ schedule_type: "once", start_date: null }), NOW)).toEqual({});
  });

  it("refuses an end date before the start date", () => {
    expect(validateScheduleForm(values({ start_date: "2026-12-10", end_date: "2026-12-01" }), NOW)).toEqual({ end_date: "The end date cannot be before the start date" });
  });

  it("refuses a time that is not HH:MM", () => {
    expect(validateScheduleForm(values({ execution_time: "25:00" }), NOW)).toEqual({ execution_time: "Time must be HH:MM (24-hour clock)" });
  });
});

describe("scheduleBody", () => {
  it("sends days only for a weekly schedule and no end date for a one-time one", () => {
    expect(scheduleBody(values({ schedule_type: "daily", weekdays: ["monday"] })).weekdays).toEqual([]);
    expect(scheduleBody(values({ schedule_type: "once", start_date: "2026-12-01", end_date: "2026-12-09" })).end_date).toBeNull();
    expect(scheduleBody(values({ description: "   " })).description).toBeNull();
  });
});
