import { describe, expect, it } from "vitest";
import { quotaDayEnd, quotaDayOf } from "./quota-day";
import { isAllowedThumbnail } from "./thumbnail-origins";
import { parseIsoDuration } from "./youtube-videos.client";

describe("YouTube's quota day", () => {
  it("runs from midnight to midnight Pacific time, in summer and in winter", () => {
    expect(quotaDayOf(new Date("2026-06-02T06:59:59Z"))).toBe("2026-06-01");
    expect(quotaDayOf(new Date("2026-06-02T07:00:00Z"))).toBe("2026-06-02");
    expect(quotaDayEnd(new Date("2026-06-02T06:59:59Z")).toISOString()).toBe("2026-06-02T07:00:00.000Z");
    expect(quotaDayOf(new Date("2026-12-02T07:59:59Z"))).toBe("2026-12-01");
    expect(quotaDayEnd(new Date("2026-12-01T20:00:00Z")).toISOString()).toBe("2026-12-02T08:00:00.000Z");
  });

  it("ends at the right hour on the days the clocks change", () => {
    // 2026-03-08: Pacific time moves from -8 to -7 at 02:00; the day began at 08:00 UTC and ends at 07:00 UTC.
    expect(quotaDayEnd(new Date("2026-03-08T12:00:00Z")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(quotaDayEnd(new Date("2026-11-01T12:00:00Z")).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });
});

describe("videos.list durations", () => {
  it.each([
    ["PT15M51S", 951],
    ["PT1H2M3S", 3723],
    ["PT4M", 240],
    ["P1DT2H", 93_600],
    ["P0D", 0],
  ])("reads %s as %i seconds", (text, seconds) => expect(parseIsoDuration(text)).toBe(seconds));

  it.each(["", "P", "PT", "banana", "PT-1S", "PT1.5S", "PT99999999999H", undefined])("reads %s as no length", (text) => expect(parseIsoDuration(text)).toBeNull());
});

describe("thumbnail origins", () => {
  const origins = ["https://i.ytimg.com", "https://*.sndcdn.com", "http://127.0.0.1:9999"];
  it("keeps thumbnails from the listed origins only", () => {
    expect(isAllowedThumbnail("https://i.ytimg.com/vi/x/mqdefault.jpg", origins)).toBe(true);
    expect(isAllowedThumbnail("https://i1.sndcdn.com/artworks-x.jpg", origins)).toBe(true);
    expect(isAllowedThumbnail("http://127.0.0.1:9999/vi/x.jpg", origins)).toBe(true);
    for (const address of [
      "http://i.ytimg.com/x.jpg",
      "https://i.ytimg.com.evil.example/x.jpg",
      "https://evilsndcdn.com/x.jpg",
      "javascript:alert(1)",
      "https://u:p@i.ytimg.com/x",
      "not a url",
      null,
    ]) {
      expect(isAllowedThumbnail(address, origins), String(address)).toBe(false);
    }
  });
});
