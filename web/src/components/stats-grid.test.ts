import { describe, expect, it } from "vitest";
import { playRatePercent } from "./stats-grid";

describe("play rate", () => {
  it("shows played over submissions as a whole percentage", () => {
    expect(playRatePercent(2 / 3)).toBe("67%");
    expect(playRatePercent(0)).toBe("0%");
    expect(playRatePercent(1)).toBe("100%");
  });
});
