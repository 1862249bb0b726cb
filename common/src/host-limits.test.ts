import { describe, expect, it } from "vitest";
import { findBlockedWord, formatSongLength, normalizeBlockedWords, parseBlockedWords } from "./host-limits";

describe("the host's words list", () => {
  it("stores one lowercased word or phrase a line, without blanks or repeats", () => {
    expect(normalizeBlockedWords("  Spam, eggs\n\nSPAM\nno   way ")).toBe("spam\neggs\nno way");
    expect(parseBlockedWords(null)).toEqual([]);
    expect(parseBlockedWords("")).toEqual([]);
  });

  it.each([
    [["Kick Ass"], "ass"],
    [["class act"], null],
    [["ASS-kicking"], "ass"],
    [["", null, "So. Ass."], "ass"],
    [["No  Way\nJose"], "no way jose"],
    [["noway jose"], null],
    [["Ａｓｓ"], "ass"],
    [["c++ rules"], "c++"],
  ] as [(string | null)[], string | null][])("finds in %j: %s", (texts, found) => {
    expect(findBlockedWord(texts, ["ass", "no way jose", "c++"])).toBe(found);
  });

  it("finds nothing with an empty list", () => {
    expect(findBlockedWord(["anything"], [])).toBeNull();
  });
});

describe("song lengths", () => {
  it.each([
    [0, "0:00"],
    [2.5, "0:03"],
    [59, "0:59"],
    [360, "6:00"],
    [360.2, "6:01"],
    [3725, "1:02:05"],
  ])("%s s reads %s", (seconds, text) => {
    expect(formatSongLength(seconds)).toBe(text);
  });
});
