import { describe, expect, it } from "vitest";
import { quotaSummary } from "./youtube-quota-card";

const quota = { configured: true, units_used: 12, budget: 1000, day: "2026-06-01", resets_at: "2026-06-02T07:00:00.000Z" };

describe("the YouTube quota line", () => {
  it("says how much of the budget is spent", () => {
    expect(quotaSummary(quota)).toMatch(/^12 of 1,000 units used today; the count starts again at midnight Pacific time \(.+ your time\)\.$/);
  });
  it("says when new links wait for tomorrow", () => {
    expect(quotaSummary({ ...quota, units_used: 1000 })).toContain("Budget reached: new links wait for their details until the reset.");
  });
  it("says what happens without a key", () => {
    expect(quotaSummary({ ...quota, configured: false })).toContain("No YouTube API key is set");
  });
});
