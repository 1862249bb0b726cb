import { describe, expect, it } from "vitest";
import type { PublicUser } from "@common/users";
import { MEMBER_SORT_OPTIONS, profileNameFrom, sortMembers } from "./members";

const member = (username: string, values: Partial<PublicUser>): PublicUser => ({
  user_id: username,
  username,
  display_name: username,
  avatar_url: null,
  bio: null,
  location: null,
  website_url: null,
  created_at: "2026-11-01T00:00:00.000Z",
  last_active: "2026-11-01T00:00:00.000Z",
  total_submissions: 0,
  total_played: 0,
  submission_rate: 0,
  last_submission_at: null,
  is_new_user: false,
  ...values,
});

const members = [
  member("zed", { created_at: "2026-11-03T00:00:00.000Z", last_active: "2026-11-20T00:00:00.000Z", total_submissions: 2, total_played: 1, submission_rate: 0.5 }),
  member("amy", { created_at: "2026-11-01T00:00:00.000Z", last_active: "2026-11-22T00:00:00.000Z", total_submissions: 5, total_played: 1, submission_rate: 0.2 }),
  member("Bob", { created_at: "2026-11-05T00:00:00.000Z", last_active: "2026-11-21T00:00:00.000Z", total_submissions: 1, total_played: 1, submission_rate: 1 }),
];
const names = (list: PublicUser[]) => list.map((user) => user.username);

describe("the community sorts", () => {
  it("offers the six sorts in the spec's order", () => {
    expect(MEMBER_SORT_OPTIONS.map((option) => option.label)).toEqual(["Recently Active", "Newest", "Username A-Z", "Most Submissions", "Most Played", "Highest Play Rate"]);
  });

  it("orders members as each sort says", () => {
    expect(names(sortMembers(members, "last_active"))).toEqual(["amy", "Bob", "zed"]);
    expect(names(sortMembers(members, "created_at"))).toEqual(["Bob", "zed", "amy"]);
    expect(names(sortMembers(members, "username"))).toEqual(["amy", "Bob", "zed"]);
    expect(names(sortMembers(members, "total_submissions"))).toEqual(["amy", "zed", "Bob"]);
    expect(names(sortMembers(members, "submission_rate"))).toEqual(["Bob", "zed", "amy"]);
  });

  it("breaks ties by username", () => {
    expect(names(sortMembers(members, "total_played"))).toEqual(["amy", "Bob", "zed"]);
  });
});

describe("Go to @username", () => {
  it("strips a leading @ and spaces, and ignores a blank box", () => {
    expect(profileNameFrom("  @Mira_Beats ")).toBe("mira_beats");
    expect(profileNameFrom("djkofi")).toBe("djkofi");
    expect(profileNameFrom(" @ ")).toBeNull();
    expect(profileNameFrom("")).toBeNull();
  });
});
