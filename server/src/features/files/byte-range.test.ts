import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range";

describe("parseByteRange", () => {
  it("reads the three single-range forms", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
  });

  it("clips an end past the file and a suffix longer than it", () => {
    expect(parseByteRange("bytes=500-5000", 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("answers the whole file for no header, several ranges or nonsense", () => {
    for (const header of [undefined, "bytes=0-1,5-6", "items=0-5", "bytes=-", "bytes=9-3"]) expect(parseByteRange(header, 1000)).toBeNull();
  });

  it("calls a start past the end unsatisfiable", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});
