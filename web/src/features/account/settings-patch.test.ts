import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "@common/users";
import { autoFillFrom, autoFillPatch, settingsFrom, settingsPatch } from "./settings-patch";
import { autoFillValues } from "./autofill";

const me = {
  username: "mira_beats",
  display_name: "Mira Beats",
  location: null,
  website_url: null,
  default_artist_name: "Mira",
  default_youtube_username: null,
  preferences: { ...DEFAULT_PREFERENCES },
};

describe("what the Settings tab saves", () => {
  it("sends nothing while nothing changed, even with spaces the server would trim", () => {
    const values = { ...settingsFrom(me), display_name: " Mira Beats " };
    expect(settingsPatch(values, me, "unchanged")).toEqual({ patch: {}, problems: {} });
  });

  it("holds a new username back until it was checked as available", () => {
    const values = { ...settingsFrom(me), username: "mira_new" };
    expect(settingsPatch(values, me, "checking")).toEqual({ patch: {}, problems: {} });
    expect(settingsPatch(values, me, "taken").problems.username).toBe("Please choose an available username");
    expect(settingsPatch(values, me, "error").problems.username).toBe("Please choose an available username");
    expect(settingsPatch(values, me, "available").patch).toEqual({ username: "mira_new" });
  });

  it("sends the changed preferences only, and refuses a website that is not http(s)", () => {
    const values = { ...settingsFrom(me), public_profile: false, website_url: "javascript:alert(1)" };
    const { patch, problems } = settingsPatch(values, me, "unchanged");
    expect(patch).toEqual({ preferences: { public_profile: false } });
    expect(problems.website_url).toBe("Website must be an http or https URL");
  });

  it("never sends an empty display name", () => {
    expect(settingsPatch({ ...settingsFrom(me), display_name: "  " }, me, "unchanged").patch).toEqual({});
  });
});

describe("auto-fill", () => {
  it("saves the defaults that changed; a blank clears one", () => {
    const values = { ...autoFillFrom(me), default_artist_name: "", default_youtube_username: "mira_live" };
    expect(autoFillPatch(values, me)).toEqual({ default_artist_name: "", default_youtube_username: "mira_live" });
  });

  it("prefills the submission form only when auto-fill is on", () => {
    expect(autoFillValues({ ...me, default_youtube_username: "mira_live" })).toEqual({ artist_name: "Mira", youtube_username: "mira_live" });
    expect(autoFillValues({ ...me, preferences: { ...DEFAULT_PREFERENCES, auto_fill_artist: false } })).toEqual({});
    expect(autoFillValues(null)).toEqual({});
  });
});
