import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timeLeft } from "@common/player";
import { createPlayerController, type PlayerView } from "./player-controller";
import { songSourceOf } from "./song-source";
import type { ScriptLoader, SourceContext, SourceEvents } from "./sources/source";
import { createSoundcloudSource } from "./sources/soundcloud-source";
import { createSpotifySource } from "./sources/spotify-source";
import { createUploadSource } from "./sources/upload-source";
import { createYoutubeSource } from "./sources/youtube-source";

const FAKES = path.resolve(import.meta.dirname, "../../../../e2e/fakes");
const SCRIPTS = {
  youtube: "https://fake.test/youtube-iframe-api.js",
  soundcloud: "https://fake.test/soundcloud-widget-api.js",
  widget: "https://fake.test/soundcloud-player/",
  spotify: "https://fake.test/spotify-iframe-api.js",
};

/** Runs the fake platform script a URL names, as a <script> tag would. */
const loadFake: ScriptLoader = async (url) => {
  (0, eval)(readFileSync(path.join(FAKES, url.split("/").pop()!), "utf8"));
};

const LINKS: Record<string, { link: string; file_key?: string }> = {
  video: { link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
  forbidden: { link: "https://youtu.be/noembed1234" },
  track: { link: "https://soundcloud.com/artist/a-track" },
  spotify: { link: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQc" },
  elsewhere: { link: "https://bandcamp.example.com/track/song" },
  upload: { link: "file:/uploads/abc", file_key: "abc" },
};

describe("the player's state machine, against fakes of each platform's player API", () => {
  let host: HTMLElement;
  let views: PlayerView[];
  let finished: (string | null)[];
  let audio: HTMLAudioElement | null;

  function player(options: { autoAdvance?: boolean; gapSeconds?: number; limitSeconds?: number | null } = {}) {
    const controller = createPlayerController({
      volume: 70,
      onChange: (view) => views.push(view),
      onFinished: (entryId) => finished.push(entryId),
      createSource(entryId, events: SourceEvents, volume) {
        const entry = LINKS[entryId]!;
        const context: SourceContext = { host, events, volume, loadScript: loadFake };
        const source = songSourceOf({ link: entry.link, file_key: entry.file_key ?? null });
        switch (source.kind) {
          case "youtube":
            return createYoutubeSource(context, SCRIPTS.youtube, source.videoId);
          case "soundcloud":
            return createSoundcloudSource(context, { script: SCRIPTS.soundcloud, widget: SCRIPTS.widget }, source.url, entryId);
          case "spotify":
            return createSpotifySource(context, SCRIPTS.spotify, source.uri);
          case "upload": {
            const made = createUploadSource(context, "https://files.test/song.wav", entryId);
            audio = host.querySelector("audio");
            return Promise.resolve(made);
          }
          case "link":
            return null;
        }
      },
    });
    controller.configure({ autoAdvance: options.autoAdvance ?? true, gapSeconds: options.gapSeconds ?? 2, limitSeconds: options.limitSeconds ?? null });
    return controller;
  }
  const last = () => views[views.length - 1]!;
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement("div");
    document.body.append(host);
    views = [];
    finished = [];
    audio = null;
    // jsdom has no media playback: the element's events are played by the test.
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
    (window as { FAKE_MEDIA_SECONDS?: Record<string, number> }).FAKE_MEDIA_SECONDS = { dQw4w9WgXcQ: 12 };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    host.remove();
    delete (window as { YT?: unknown }).YT;
    delete (window as { SC?: unknown }).SC;
  });

  it("plays a YouTube video to its end, waits out the gap, then asks for the next song once", async () => {
    const controller = player({ gapSeconds: 2 });
    controller.load("video");
    expect(last().status).toBe("loading");
    await advance(1000);
    expect(last()).toMatchObject({ entryId: "video", status: "playing", duration: 12 });
    expect(host.querySelector("[data-fake-player='youtube']")).not.toBeNull();

    await advance(11_500);
    expect(last()).toMatchObject({ status: "waiting", nextIn: 2 });
    expect(finished).toEqual([]);
    await advance(2000);
    expect(finished).toEqual(["video"]);
    await advance(5000);
    expect(finished).toEqual(["video"]);
  });

  it("pauses, plays, seeks and sets the volume of a YouTube video as the host asks", async () => {
    const controller = player();
    controller.load("video");
    await advance(2000);
    controller.command("pause");
    await advance(0);
    expect(last().status).toBe("paused");
    const pausedAt = last().position;
    await advance(3000);
    expect(last().position).toBe(pausedAt);

    controller.command("volume", 35);
    expect(last().volume).toBe(35);
    controller.command("seek", 8);
    controller.command("play");
    await advance(1000);
    expect(last().status).toBe("playing");
    expect(last().position).toBeGreaterThanOrEqual(8.5);
    expect(timeLeft(last())).toBeLessThanOrEqual(3.5);
  });

  it("shows a YouTube video whose owner forbids embedding as a link to open, and never moves on by itself", async () => {
    const controller = player();
    controller.load("forbidden");
    await advance(1000);
    expect(last()).toMatchObject({ status: "blocked", blocked: "forbidden" });
    await advance(60_000);
    expect(finished).toEqual([]);
  });

  it("shows a link to another site as a link to open", () => {
    const controller = player();
    controller.load("elsewhere");
    expect(last()).toMatchObject({ status: "blocked", blocked: "cannot_embed" });
  });

  it("plays a SoundCloud track in the widget and moves on at its FINISH", async () => {
    const controller = player({ gapSeconds: 0 });
    controller.load("track");
    await advance(1000);
    expect(last()).toMatchObject({ status: "playing", duration: 30 });
    expect(host.querySelector("iframe")?.getAttribute("src")).toContain("url=https%3A%2F%2Fsoundcloud.com%2Fartist%2Fa-track");
    controller.command("pause");
    expect(last().status).toBe("paused");
    controller.command("play");
    await advance(29_500);
    expect(last().status).toBe("waiting");
    expect(finished).toEqual(["track"]);
  });

  it("plays Spotify's 30-second preview without a volume control and moves on at its end", async () => {
    const controller = player({ gapSeconds: 1 });
    controller.load("spotify");
    await advance(1000);
    expect(last()).toMatchObject({ status: "playing", hasVolume: false, duration: 30 });
    await advance(30_000);
    expect(finished).toEqual(["spotify"]);
  });

  it("plays only the first seconds of each song when the per-song limit is set, counting down to it", async () => {
    const controller = player({ limitSeconds: 5, gapSeconds: 1 });
    controller.load("track");
    await advance(3000);
    expect(timeLeft(last())).toBeLessThanOrEqual(3);
    await advance(2500);
    expect(last()).toMatchObject({ status: "waiting", limit: 5 });
    await advance(1000);
    expect(finished).toEqual(["track"]);
  });

  it("holds the next song when the host pauses in the gap, and plays it when the host presses play", async () => {
    const controller = player({ gapSeconds: 3 });
    controller.load("video");
    await advance(13_000);
    expect(last().status).toBe("waiting");
    controller.command("pause");
    await advance(10_000);
    expect(finished).toEqual([]);
    controller.command("play");
    expect(finished).toEqual(["video"]);
  });

  it("stays on a song that ended when auto-advance is off", async () => {
    const controller = player({ autoAdvance: false });
    controller.load("video");
    await advance(20_000);
    expect(last().status).toBe("paused");
    expect(finished).toEqual([]);
  });

  it("follows an upload's audio element and moves on when it ends", async () => {
    const controller = player({ gapSeconds: 0 });
    controller.load("upload");
    await advance(0);
    expect(audio?.getAttribute("src")).toBe("https://files.test/song.wav");
    expect(audio?.volume).toBeCloseTo(0.7);
    audio!.dispatchEvent(new Event("playing"));
    expect(last().status).toBe("playing");
    controller.command("volume", 20);
    expect(audio?.volume).toBeCloseTo(0.2);
    audio!.dispatchEvent(new Event("ended"));
    expect(finished).toEqual(["upload"]);
  });

  it("starts the first ready song by itself after the gap when nothing plays, and nothing while Waiting is empty", async () => {
    const controller = player({ gapSeconds: 2 });
    controller.load(null);
    controller.nextReady(false);
    await advance(10_000);
    expect(finished).toEqual([]);
    controller.nextReady(true);
    expect(last()).toMatchObject({ status: "idle", nextIn: 2 });
    controller.nextReady(true);
    await advance(2000);
    expect(finished).toEqual([null]);
    await advance(10_000);
    expect(finished).toEqual([null]);
  });

  it("drops the song it was loading when Now Playing changes meanwhile", async () => {
    const controller = player();
    controller.load("video");
    controller.load("track");
    await advance(1000);
    expect(last()).toMatchObject({ entryId: "track", status: "playing" });
    expect(host.querySelector("[data-fake-player='youtube']")).toBeNull();
    controller.load(null);
    expect(last().status).toBe("idle");
    expect(host.children.length).toBe(0);
  });
});
