import { describe, expect, it } from "vitest";
import { computeStandings } from "./entry-standing";

const entry = (values: { user_id?: string; owner_id?: string | null; submitted_at: string; payment_source?: string | null }) => ({
  user_id: values.user_id ?? "guest_a",
  owner_id: values.owner_id ?? null,
  submitted_at: values.submitted_at,
  payment_source: values.payment_source ?? null,
});

describe("an entry's standing", () => {
  it("counts a show that runs past midnight UTC as one show, on the stream's own day", () => {
    // Shows on Mar 1, 2 and 3 (New York evenings, played after midnight UTC); the submitter came to the last two.
    const playHours = ["2026-03-02T01", "2026-03-02T02", "2026-03-03T01", "2026-03-04T01"];
    const submissions = [
      { user_id: "guest_a", owner_id: null, submitted_at: "2026-03-03T00:30:00.000Z" },
      { user_id: "guest_a", owner_id: null, submitted_at: "2026-03-04T00:30:00.000Z" },
    ];
    const current = entry({ submitted_at: "2026-03-04T00:30:00.000Z" });
    const standing = computeStandings([current], { plays: [], submissions, playHours }).get(current)!;
    expect(standing.streak_count).toBe(2);
  });

  it("lets days without a show pass, and stops at the first show missed", () => {
    const playHours = ["2026-03-01T23", "2026-03-05T23", "2026-03-09T23"];
    const submissions = [
      { user_id: "guest_a", owner_id: null, submitted_at: "2026-03-01T22:00:00.000Z" },
      { user_id: "guest_a", owner_id: null, submitted_at: "2026-03-09T22:00:00.000Z" },
      { user_id: "guest_a", owner_id: null, submitted_at: "2026-03-12T22:00:00.000Z" },
    ];
    const current = entry({ submitted_at: "2026-03-12T22:00:00.000Z" });
    // Mar 12 (its own day), Mar 9, then Mar 5 was a show without the submitter.
    expect(computeStandings([current], { plays: [], submissions, playHours }).get(current)!.streak_count).toBe(2);
  });

  it("adds the plays of the submitter id and of the linked account for the level, and names the revenue", () => {
    const current = entry({ user_id: "guest_b", owner_id: "acct_1", submitted_at: "2026-03-12T22:00:00.000Z", payment_source: "youtube_member" });
    const plays = [
      { user_id: "guest_b", owner_id: null, played: 1 },
      { user_id: "acct_1", owner_id: null, played: 2 },
      { user_id: "guest_old", owner_id: "acct_1", played: 2 },
      { user_id: "someone", owner_id: null, played: 40 },
    ];
    const standing = computeStandings([current], { plays, submissions: [], playHours: [] }).get(current)!;
    expect(standing).toEqual({ account_level: 4, streak_count: 1, revenue_source: "subscription" });
    const stranger = entry({ user_id: "guest_c", submitted_at: "2026-03-12T22:00:00.000Z", payment_source: "a friend" });
    expect(computeStandings([stranger], { plays, submissions: [], playHours: [] }).get(stranger)).toEqual({ account_level: 1, streak_count: 1, revenue_source: "other" });
  });
});
