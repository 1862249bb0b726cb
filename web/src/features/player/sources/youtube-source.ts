import { loadApiWithCallback } from "./load-script";
import { readyGate, whileAlive, type Source, type SourceContext } from "./source";

/** The part of YouTube's IFrame Player API the player uses. */
interface YtPlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  setVolume(volume: number): void;
  getDuration(): number;
  getCurrentTime(): number;
  destroy(): void;
}
interface YtApi {
  Player: new (
    element: HTMLElement,
    options: {
      width: string;
      height: string;
      videoId: string;
      playerVars: Record<string, string | number>;
      events: Record<string, (event: { data: number }) => void>;
    },
  ) => YtPlayer;
  PlayerState: { ENDED: number; PLAYING: number; PAUSED: number };
}

const PROGRESS_MS = 500;
/** onError codes for a video whose owner does not allow it on other sites. */
const EMBEDDING_FORBIDDEN = new Set([101, 150]);

const youtubeApi = (loader: SourceContext["loadScript"], url: string) =>
  loadApiWithCallback<YtApi>(loader, url, "onYouTubeIframeAPIReady", () => (window as { YT?: YtApi }).YT?.Player && (window as { YT?: YtApi }).YT);

/** A YouTube video through the IFrame Player API; position is polled, since the API sends no progress events. */
export async function createYoutubeSource(context: SourceContext, scriptUrl: string, videoId: string): Promise<Source> {
  const YT = await youtubeApi(context.loadScript, scriptUrl);
  let destroyed = false;
  const events = whileAlive(context.events, () => !destroyed);
  const gate = readyGate();
  const mount = document.createElement("div");
  context.host.append(mount);
  let poll: ReturnType<typeof setInterval> | null = null;
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const report = () => {
    const duration = player.getDuration();
    events.onProgress(player.getCurrentTime(), duration > 0 ? duration : null);
  };
  const player: YtPlayer = new YT.Player(mount, {
    width: "100%",
    height: "100%",
    videoId,
    playerVars: { autoplay: 0, controls: 0, playsinline: 1, origin: window.location.origin },
    events: {
      onReady: () => {
        player.setVolume(context.volume);
        gate.open();
      },
      onStateChange: ({ data }) => {
        if (data === YT.PlayerState.PLAYING) {
          events.onPlaying();
          report();
          stopPolling();
          poll = setInterval(report, PROGRESS_MS);
        } else if (data === YT.PlayerState.PAUSED) {
          stopPolling();
          events.onPaused();
        } else if (data === YT.PlayerState.ENDED) {
          stopPolling();
          report();
          events.onEnded();
        }
      },
      onError: ({ data }) => events.onError(EMBEDDING_FORBIDDEN.has(data) ? "forbidden" : "failed"),
    },
  });
  return {
    hasVolume: true,
    play: () => gate.run(() => player.playVideo()),
    pause: () => gate.run(() => player.pauseVideo()),
    seek: (seconds) => player.seekTo(seconds, true),
    setVolume: (volume) => player.setVolume(volume),
    destroy() {
      destroyed = true;
      stopPolling();
      player.destroy();
      mount.remove();
    },
  };
}
