import { describe, expect, it } from "vitest";
import { playbackGainDb } from "./loudness";

describe("playbackGainDb", () => {
  it("brings a file to the target when its peak allows", () => {
    expect(playbackGainDb({ loudness_lufs: -20, true_peak_dbtp: -10 }, -14)).toBe(6);
    expect(playbackGainDb({ loudness_lufs: -8, true_peak_dbtp: -0.2 }, -14)).toBe(-6);
  });

  it("raises a quiet file with loud peaks only until its true peak reaches -1 dBTP", () => {
    expect(playbackGainDb({ loudness_lufs: -24, true_peak_dbtp: -4 }, -14)).toBe(3);
  });

  it("leaves a file the scan did not measure as it is", () => {
    expect(playbackGainDb({ loudness_lufs: null, true_peak_dbtp: null }, -14)).toBe(0);
  });
});
