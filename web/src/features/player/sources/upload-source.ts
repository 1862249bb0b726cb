import { whileAlive, type Source, type SourceContext } from "./source";

/** An uploaded song: an <audio> element on the signed download URL the admin side already uses. */
export function createUploadSource(context: SourceContext, url: string, title: string): Source {
  let destroyed = false;
  const events = whileAlive(context.events, () => !destroyed);
  const audio = document.createElement("audio");
  audio.preload = "auto";
  audio.src = url;
  audio.volume = context.volume / 100;
  audio.setAttribute("aria-label", `Playing ${title}`);
  const duration = () => (Number.isFinite(audio.duration) ? audio.duration : null);
  audio.addEventListener("playing", () => events.onPlaying());
  audio.addEventListener("pause", () => {
    if (!audio.ended) events.onPaused();
  });
  audio.addEventListener("ended", () => events.onEnded());
  audio.addEventListener("timeupdate", () => events.onProgress(audio.currentTime, duration()));
  audio.addEventListener("loadedmetadata", () => events.onProgress(audio.currentTime, duration()));
  audio.addEventListener("error", () => events.onError("failed"));
  context.host.append(audio);
  return {
    hasVolume: true,
    play() {
      // A browser that blocks autoplay refuses until someone presses Play: the player shows it paused.
      Promise.resolve(audio.play()).catch(() => events.onPaused());
    },
    pause: () => audio.pause(),
    seek(seconds) {
      audio.currentTime = seconds;
    },
    setVolume(volume) {
      audio.volume = volume / 100;
    },
    destroy() {
      destroyed = true;
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
      audio.remove();
    },
  };
}
