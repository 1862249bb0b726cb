import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TEXT_MESSAGES, blankAsNull, textField } from "./text";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

// Every control character: C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F).
const CONTROL = [...Array(0x20).keys(), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map((c) => String.fromCharCode(c));
const LINE_BREAKS_AND_TABS = ["\t", "\n", "\r"];

describe("textField", () => {
  it("trims and accepts ordinary text, accents, emoji and right-to-left scripts", () => {
    const field = textField({ max: 20 });
    expect(field.parse("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(field.parse("Beyoncé 🎤 عربي")).toBe("Beyoncé 🎤 عربي");
  });

  it("refuses NUL and every other control character in single-line text", () => {
    const field = textField({ max: 20 });
    for (const c of CONTROL) {
      expect(messagesOf(field.safeParse(`a${c}b`)), JSON.stringify(c)).toEqual([TEXT_MESSAGES.controlCharacters]);
    }
  });

  it("allows tabs and line breaks only in multi-line text, and no other control character there", () => {
    const note = textField({ max: 20, multiline: true });
    for (const c of LINE_BREAKS_AND_TABS) expect(note.parse(`a${c}b`)).toBe(`a${c}b`);
    for (const c of CONTROL.filter((c) => !LINE_BREAKS_AND_TABS.includes(c))) {
      expect(note.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it("names the limit of an over-long value, or says the field's own message, and stops there", () => {
    expect(messagesOf(textField({ max: 5 }).safeParse("abcdef\u0000"))).toEqual(["Must be at most 5 characters"]);
    expect(messagesOf(textField({ max: 5, tooLong: "Too long" }).safeParse("abcdef"))).toEqual(["Too long"]);
    expect(textField({ max: 5 }).safeParse(`  abcde  `).success).toBe(true);
  });

  it("refuses a missing, mistyped or blank required value with the field's message", () => {
    const field = textField({ max: 5, required: "Name is required" });
    for (const value of [undefined, 42, "   "]) expect(messagesOf(field.safeParse(value))).toEqual(["Name is required"]);
  });

  it("keeps a password's surrounding spaces when told not to trim", () => {
    expect(textField({ max: 10, trim: false }).parse(" pass ")).toBe(" pass ");
  });

  it("turns a blank optional value into null", () => {
    const field = blankAsNull(textField({ max: 5 }));
    expect(field.parse("  ")).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(undefined)).toBeUndefined();
  });

  it("accepts exactly the bounded strings without control characters", () => {
    const field = textField({ max: 30 });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (value) => {
        const trimmed = value.trim();
        const expected = trimmed.length <= 30 && !/[\0-\x1F\x7F-\x9F]/.test(trimmed);
        expect(field.safeParse(value).success).toBe(expected);
      }),
    );
  });
});
