import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalizeLink, platformOfKey, videoIdOfKey } from "./link-canonical";

const YT = "youtube:dQw4w9WgXcQ";

/** Real-world link shapes and the key each one must get. */
const SAME_SONG: [string, string][] = [
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", YT],
  ["https://youtube.com/watch?v=dQw4w9WgXcQ", YT],
  ["http://www.youtube.com/watch?v=dQw4w9WgXcQ", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", YT],
  ["https://www.youtube.com/watch?t=30&v=dQw4w9WgXcQ", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=2", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&ab_channel=RickAstley", YT],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ#comments", YT],
  ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", YT],
  ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share", YT],
  ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", YT],
  ["https://music.youtube.com/watch?v=dQw4w9WgXcQ&si=abcDEF123", YT],
  ["https://youtu.be/dQw4w9WgXcQ", YT],
  ["https://youtu.be/dQw4w9WgXcQ?t=42", YT],
  ["https://youtu.be/dQw4w9WgXcQ?si=Zx8-abcdEFGH", YT],
  ["https://youtu.be/dQw4w9WgXcQ/", YT],
  ["https://www.youtube.com/shorts/dQw4w9WgXcQ", YT],
  ["https://youtube.com/shorts/dQw4w9WgXcQ?feature=share", YT],
  ["https://www.youtube.com/embed/dQw4w9WgXcQ", YT],
  ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&autoplay=1", YT],
  ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", YT],
  ["https://www.youtube.com/live/dQw4w9WgXcQ", YT],
  ["https://www.youtube.com/live/dQw4w9WgXcQ?si=abc", YT],
  ["https://www.youtube.com/v/dQw4w9WgXcQ", YT],
  ["  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ", YT],
  ["https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", "spotify:track:4uLU6hMCjMI75M1A2tKUQC"],
  ["https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1a2b3c4d5e", "spotify:track:4uLU6hMCjMI75M1A2tKUQC"],
  ["https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC", "spotify:track:4uLU6hMCjMI75M1A2tKUQC"],
  ["https://open.spotify.com/intl-pt/track/4uLU6hMCjMI75M1A2tKUQC?si=x&context=y", "spotify:track:4uLU6hMCjMI75M1A2tKUQC"],
  ["https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC", "spotify:track:4uLU6hMCjMI75M1A2tKUQC"],
  ["https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3", "spotify:album:1DFixLWuPkv3KT3TnV35m3"],
  ["https://soundcloud.com/artist-name/track-name", "soundcloud:artist-name/track-name"],
  ["https://soundcloud.com/Artist-Name/Track-Name/", "soundcloud:artist-name/track-name"],
  ["https://m.soundcloud.com/artist-name/track-name?utm_source=clipboard", "soundcloud:artist-name/track-name"],
  ["https://www.soundcloud.com/artist-name/track-name#t=1:00", "soundcloud:artist-name/track-name"],
  ["https://artist.bandcamp.com/track/song-title", "bandcamp:artist/track/song-title"],
  ["https://artist.bandcamp.com/track/song-title?from=embed", "bandcamp:artist/track/song-title"],
  ["http://Artist.bandcamp.com/track/Song-Title/", "bandcamp:artist/track/song-title"],
  ["https://artist.bandcamp.com/album/the-record", "bandcamp:artist/album/the-record"],
  ["https://music.apple.com/us/album/never-gonna-give-you-up/1558533900?i=1558534271", "apple_music:song:1558534271"],
  ["https://music.apple.com/gb/album/whenever/1558533900?i=1558534271&ls", "apple_music:song:1558534271"],
  ["https://music.apple.com/us/song/never-gonna-give-you-up/1558534271", "apple_music:song:1558534271"],
  ["https://music.apple.com/us/album/whenever-you-need-somebody/1558533900", "apple_music:album:1558533900"],
  ["https://example.com/song-1", "example.com/song-1"],
  ["https://www.Example.com/song-1/?utm=x#top", "example.com/song-1"],
  ["http://example.com:8080/Song", "example.com:8080/Song"],
  ["https://www.youtube.com/@SomeChannel", "youtube.com/@SomeChannel"],
  ["https://soundcloud.com/artist-only", "soundcloud.com/artist-only"],
  // Any other site: the query tells pages apart, sorted, without tracking parameters.
  ["https://example.com/play?id=1", "example.com/play?id=1"],
  ["https://example.com/play?id=2", "example.com/play?id=2"],
  ["https://www.example.com/play/?id=1&utm_source=x&utm_medium=social#t", "example.com/play?id=1"],
  ["https://example.com/play?utm_campaign=spring&id=1&fbclid=IwAR0x&gclid=Cj0K", "example.com/play?id=1"],
  ["https://example.com/play?si=abc&id=1&msclkid=1&igshid=2&mc_cid=3&_ga=4", "example.com/play?id=1"],
  ["https://example.com/play?track=7&album=3", "example.com/play?album=3&track=7"],
  ["https://example.com/play?album=3&track=7", "example.com/play?album=3&track=7"],
  ["https://example.com/play?tag=b&tag=a", "example.com/play?tag=a&tag=b"],
  ["https://example.com/play?q=two%20words", "example.com/play?q=two+words"],
  ["https://example.com/song?utm_source=newsletter", "example.com/song"],
  ["https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&si=share", "youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG"],
];

const REFUSED = [
  "",
  "   ",
  "my song",
  "youtube.com/watch?v=dQw4w9WgXcQ",
  // A YouTube video address without a valid video id is malformed, not the page youtube.com/watch.
  "https://www.youtube.com/watch",
  "https://www.youtube.com/watch?v=",
  "https://www.youtube.com/watch?v=short",
  "https://m.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
  "https://music.youtube.com/watch?v=dQw4w9WgXcQ-too-long",
  "https://youtu.be/",
  "https://youtu.be/not-an-id",
  "https://www.youtube.com/shorts/",
  "https://www.youtube.com/embed/bad id",
  "javascript:alert(1)",
  "ftp://example.com/song.mp3",
  "file:///etc/passwd",
  "data:text/html,hi",
  "http://localhost/song",
  "http://localhost:3000/song",
  "http://LOCALHOST./song",
  "http://api.localhost/song",
  "http://printer.local/song",
  "http://db.internal/x",
  "http://127.0.0.1/song",
  "http://127.1/song",
  "http://2130706433/song",
  "http://0x7f000001/song",
  "http://10.0.0.5/song",
  "http://172.16.3.4/song",
  "http://172.31.255.255/song",
  "http://192.168.1.1/song",
  "http://169.254.169.254/latest/meta-data",
  "http://100.64.0.1/song",
  "http://0.0.0.0/song",
  "http://[::1]/song",
  "http://[::]/song",
  "http://[fe80::1]/song",
  "http://[fd00::1]/song",
  "http://[::ffff:127.0.0.1]/song",
  "http://intranet/song",
  "https://user:pass@example.com/song",
  "https://exa mple.com/song",
  "https:///song",
  "http://-bad-.com/song",
];

describe("canonical link keys", () => {
  it.each(SAME_SONG)("%s is %s", (link, key) => {
    expect(canonicalizeLink(link)?.key).toBe(key);
  });

  it("keeps two pages of one site that differ only in their query apart", () => {
    expect(canonicalizeLink("https://example.com/play?id=1")?.key).not.toBe(canonicalizeLink("https://example.com/play?id=2")?.key);
    expect(canonicalizeLink("https://example.com/play?id=1&utm_source=x")).toMatchObject({ url: "https://example.com/play?id=1", platform: "web" });
  });

  it.each(REFUSED)("refuses %j", (link) => {
    expect(canonicalizeLink(link)).toBeNull();
  });

  it("keeps public addresses, the platform and the YouTube video id", () => {
    expect(canonicalizeLink("http://172.32.0.1/song")?.key).toBe("172.32.0.1/song");
    expect(canonicalizeLink("http://[2606:4700::1111]/song")).not.toBeNull();
    expect(canonicalizeLink("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({ platform: "youtube", videoId: "dQw4w9WgXcQ" });
    expect(platformOfKey("spotify:track:x")).toBe("spotify");
    expect(platformOfKey("example.com/x")).toBe("web");
    expect(platformOfKey(null)).toBe("upload");
    expect(videoIdOfKey(YT)).toBe("dQw4w9WgXcQ");
    expect(videoIdOfKey("example.com/youtube:x")).toBeNull();
  });

  it("never throws, and the canonical address of a link has the same key", () => {
    const anyLink = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom(...SAME_SONG.map(([link]) => link), ...REFUSED),
      fc.tuple(fc.constantFrom(...SAME_SONG.map(([link]) => link)), fc.string()).map(([link, tail]) => link + tail),
    );
    fc.assert(
      fc.property(anyLink, (link) => {
        const canonical = canonicalizeLink(link);
        if (!canonical) return;
        expect(canonicalizeLink(canonical.url)?.key).toBe(canonical.key);
        expect(platformOfKey(canonical.key)).toBe(canonical.platform);
        expect(videoIdOfKey(canonical.key)).toBe(canonical.videoId);
      }),
      { numRuns: 2000 },
    );
  });
});
