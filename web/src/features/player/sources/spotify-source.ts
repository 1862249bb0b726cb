import { loadApiWithCallback } from "./load-script";
import { readyGate, whileAlive, type Source, type SourceContext } from "./source";

interface PlaybackUpdate {
  isPaused: boolean;
  isBuffering: boolean;
  /** Milliseconds. */
  duration: number;
  position: number;
}
/** The part of Spotify's Embed iFrame API the player uses. It has no volume control. */
interface SpotifyController {
  addListener(event: "ready" | "playback_update", listener: (event: { data: PlaybackUpdate }) => void): void;
  play(): void;
  pause(): void;
  resume(): void;
  seek(seconds: number): void;
  destroy(): void;
}
interface SpotifyApi {
  createController(element: HTMLElement, options: { uri: string; width: string; height: string }, callback: (controller: SpotifyController) => void): void;
}

// The API hands itself only to the callback, so it is kept for the songs after the first.
let spotifyApi: SpotifyApi | undefined;
/** The last half second counts as the end: the embed's last update may fall just short of it. */
const END_SLACK_MS = 500;

/** A Spotify track in Spotify's embed, through its iFrame API (a 30-second preview for listeners not signed in). */
export async function createSpotifySource(context: SourceContext, scriptUrl: string, uri: string): Promise<Source> {
  spotifyApi = await loadApiWithCallback<SpotifyApi>(context.loadScript, scriptUrl, "onSpotifyIframeApiReady", () => spotifyApi);
  let destroyed = false;
  const events = whileAlive(context.events, () => !destroyed);
  const gate = readyGate();
  const mount = document.createElement("div");
  context.host.append(mount);
  const controller = await new Promise<SpotifyController>((resolve) => spotifyApi!.createController(mount, { uri, width: "100%", height: "100%" }, resolve));
  let started = false;
  let ended = false;
  let lastPaused: boolean | null = null;
  controller.addListener("ready", () => gate.open());
  controller.addListener("playback_update", ({ data }) => {
    events.onProgress(data.position / 1000, data.duration > 0 ? data.duration / 1000 : null);
    if (data.duration > 0 && data.position >= data.duration - END_SLACK_MS) {
      if (!ended && started) {
        ended = true;
        events.onEnded();
      }
      return;
    }
    ended = false;
    if (data.isPaused === lastPaused) return;
    lastPaused = data.isPaused;
    if (data.isPaused) return events.onPaused();
    started = true;
    events.onPlaying();
  });
  return {
    hasVolume: false,
    play: () => gate.run(() => (started ? controller.resume() : controller.play())),
    pause: () => gate.run(() => controller.pause()),
    seek: (seconds) => controller.seek(seconds),
    setVolume: () => undefined,
    destroy() {
      destroyed = true;
      controller.destroy();
      mount.remove();
    },
  };
}
