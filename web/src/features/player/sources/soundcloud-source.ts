import { readyGate, whileAlive, type Source, type SourceContext } from "./source";

/** The part of SoundCloud's Widget API the player uses; its positions are in milliseconds. */
interface ScWidget {
  bind(event: string, handler: (data?: { currentPosition?: number }) => void): void;
  play(): void;
  pause(): void;
  seekTo(ms: number): void;
  setVolume(volume: number): void;
  getDuration(callback: (ms: number) => void): void;
}
interface ScApi {
  Widget: ((iframe: HTMLIFrameElement) => ScWidget) & { Events: Record<"READY" | "PLAY" | "PAUSE" | "FINISH" | "PLAY_PROGRESS" | "ERROR", string> };
}

/** A SoundCloud track in the SoundCloud widget (an iframe), steered through SC.Widget. */
export async function createSoundcloudSource(context: SourceContext, urls: { script: string; widget: string }, trackUrl: string, title: string): Promise<Source> {
  await context.loadScript(urls.script);
  const SC = (window as { SC?: ScApi }).SC;
  if (!SC) throw new Error("SoundCloud's widget script did not define SC");
  let destroyed = false;
  const events = whileAlive(context.events, () => !destroyed);
  const gate = readyGate();
  const iframe = document.createElement("iframe");
  const src = new URL(urls.widget, window.location.href);
  src.searchParams.set("url", trackUrl);
  src.searchParams.set("auto_play", "false");
  src.searchParams.set("visual", "true");
  iframe.src = src.href;
  iframe.title = `SoundCloud: ${title}`;
  iframe.allow = "autoplay";
  iframe.style.cssText = "width:100%;height:100%;border:0";
  context.host.append(iframe);
  const widget = SC.Widget(iframe);
  let duration: number | null = null;
  const { Events } = SC.Widget;
  widget.bind(Events.READY, () => {
    widget.setVolume(context.volume);
    widget.getDuration((ms) => {
      duration = ms > 0 ? ms / 1000 : null;
    });
    gate.open();
  });
  widget.bind(Events.PLAY, () => events.onPlaying());
  widget.bind(Events.PAUSE, () => events.onPaused());
  widget.bind(Events.FINISH, () => events.onEnded());
  widget.bind(Events.PLAY_PROGRESS, (data) => events.onProgress((data?.currentPosition ?? 0) / 1000, duration));
  widget.bind(Events.ERROR, () => events.onError("failed"));
  return {
    hasVolume: true,
    play: () => gate.run(() => widget.play()),
    pause: () => gate.run(() => widget.pause()),
    seek: (seconds) => widget.seekTo(seconds * 1000),
    setVolume: (volume) => widget.setVolume(volume),
    destroy() {
      destroyed = true;
      iframe.remove();
    },
  };
}
