import { describe, expect, it } from "vitest";
import { accentShades, themeWithAccent } from "./site-theme";

describe("the host's accent colour", () => {
  it("keeps the app's own theme when the host chose no colour", () => {
    const theme = { primaryColor: "violet" };
    expect(themeWithAccent(theme, null)).toBe(theme);
  });

  it("makes the host's colour the primary one, at the shade buttons use, with readable text on it", () => {
    const theme = themeWithAccent({ primaryColor: "violet" }, "#1c7ed6");
    expect(theme.primaryColor).toBe("accent");
    expect(theme.primaryShade).toBe(6);
    expect(theme.autoContrast).toBe(true);
    expect(theme.colors?.accent?.[6]).toBe("#1c7ed6");
    expect(accentShades("#1c7ed6")).toHaveLength(10);
  });
});
