import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fitChatLine } from "./chat-lines";

describe("a chat line", () => {
  it("is always one line under 400 characters, whatever the titles and names hold", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 1200 }), (text) => {
        const line = fitChatLine(`Now playing: ${text}`);
        expect(line.length).toBeLessThan(400);
        expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(line.startsWith("Now playing:")).toBe(true);
      }),
    );
  });

  it("keeps a short line as it is and ends a cut one with an ellipsis", () => {
    expect(fitChatLine('Up next: "Hurt" by Cash, requested by Leo.')).toBe('Up next: "Hurt" by Cash, requested by Leo.');
    expect(fitChatLine("a\nb\tc")).toBe("a b c");
    const cut = fitChatLine(`x ${"y".repeat(500)}`);
    expect(cut).toHaveLength(399);
    expect(cut.endsWith("…")).toBe(true);
  });
});
