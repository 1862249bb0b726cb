import { describe, expect, it } from "vitest";
import { isDraftComplete } from "./drafts";

describe("a complete draft", () => {
  const base = { artist_name: "Night Owls", track_title: "Low Light", link: "", file_key: null };

  it("has an artist, a title, and a link or a file key", () => {
    expect(isDraftComplete({ ...base, link: "https://example.com/a" })).toBe(true);
    expect(isDraftComplete({ ...base, file_key: "a".repeat(32) })).toBe(true);
    expect(isDraftComplete(base)).toBe(false);
    expect(isDraftComplete({ ...base, artist_name: "  ", link: "https://example.com/a" })).toBe(false);
    expect(isDraftComplete({ ...base, track_title: "", file_key: "a".repeat(32) })).toBe(false);
    expect(isDraftComplete({ ...base, link: "   " })).toBe(false);
  });
});
