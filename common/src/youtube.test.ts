import { describe, expect, it } from "vitest";
import { youtubeVideoId } from "./youtube";

describe("youtubeVideoId", () => {
  it("reads the id from watch, live, short and embed links", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/live/dQw4w9WgXcQ?feature=share",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/embed/dQw4w9WgXcQ",
      "dQw4w9WgXcQ",
    ]) {
      expect(youtubeVideoId(link), link).toBe("dQw4w9WgXcQ");
    }
  });

  it("returns null for other sites and malformed ids", () => {
    expect(youtubeVideoId("https://www.twitch.tv/somebody")).toBeNull();
    expect(youtubeVideoId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeVideoId("not a link")).toBeNull();
  });
});
