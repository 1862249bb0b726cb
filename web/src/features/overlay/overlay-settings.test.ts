import { describe, expect, it } from "vitest";
import { OVERLAY_DEFAULTS, overlayUrl, parseOverlaySettings } from "./overlay-settings";

describe("parseOverlaySettings", () => {
  it("gives the defaults for an empty query: dark, scale 1, three upcoming songs, names shown", () => {
    expect(parseOverlaySettings("")).toEqual({ theme: "dark", scale: 1, count: 3, names: true });
    expect(parseOverlaySettings("?unrelated=x")).toEqual(OVERLAY_DEFAULTS);
  });

  it("reads every setting", () => {
    expect(parseOverlaySettings("?theme=light&scale=1.5&count=7&names=0")).toEqual({ theme: "light", scale: 1.5, count: 7, names: false });
    expect(parseOverlaySettings(new URLSearchParams("theme=MINIMAL&names=1"))).toMatchObject({ theme: "minimal", names: true });
  });

  it("clamps the numbers to their limits and rounds them", () => {
    expect(parseOverlaySettings("?count=50&scale=9")).toMatchObject({ count: 10, scale: 3 });
    expect(parseOverlaySettings("?count=0&scale=0.1")).toMatchObject({ count: 1, scale: 0.5 });
    expect(parseOverlaySettings("?count=-4&scale=-2")).toMatchObject({ count: 1, scale: 0.5 });
    expect(parseOverlaySettings("?count=4.6&scale=1.23456")).toMatchObject({ count: 5, scale: 1.23 });
  });

  it("falls back to the default for what is not a number or not a known word", () => {
    expect(parseOverlaySettings("?count=lots&scale=&theme=neon&names=maybe")).toEqual(OVERLAY_DEFAULTS);
    expect(parseOverlaySettings("?count=Infinity&scale=NaN")).toMatchObject({ count: 3, scale: 1 });
  });

  it("takes the usual spellings of on and off for names", () => {
    for (const off of ["0", "false", "no", "off", "OFF"]) expect(parseOverlaySettings(`?names=${off}`).names).toBe(false);
    for (const on of ["1", "true", "yes", "on"]) expect(parseOverlaySettings(`?names=${on}`).names).toBe(true);
  });
});

describe("overlayUrl", () => {
  it("spells out every setting, and parsing it gives the same settings back", () => {
    const settings = { theme: "minimal", scale: 1.25, count: 5, names: false } as const;
    const url = overlayUrl("https://queue.example/", "up-next", settings);
    expect(url).toBe("https://queue.example/overlay/up-next?theme=minimal&scale=1.25&count=5&names=0");
    expect(parseOverlaySettings(new URL(url).search)).toEqual(settings);
    expect(overlayUrl("http://h", "combined", OVERLAY_DEFAULTS)).toBe("http://h/overlay?theme=dark&scale=1&count=3&names=1");
  });
});
