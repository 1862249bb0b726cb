/** What a source tells the player: the song plays, pauses, moves on, ends, or cannot play here. */
export interface SourceEvents {
  onPlaying(): void;
  onPaused(): void;
  onEnded(): void;
  /** Seconds into the song and its length (null until known). */
  onProgress(position: number, duration: number | null): void;
  /** `forbidden`: the owner does not allow the song to play on other sites; `failed`: anything else. */
  onError(kind: "forbidden" | "failed"): void;
}

/** One song on one platform, in the player's stage. */
export interface Source {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** 0-100; ignored by a source without volume control. */
  setVolume(volume: number): void;
  /** False for Spotify's embed, which offers no volume control. */
  readonly hasVolume: boolean;
  destroy(): void;
}

/** Loads a script once per address; resolves once it ran. */
export type ScriptLoader = (url: string) => Promise<void>;

/** What every source is made with: where it goes, what it reports to, the volume to start at. */
export interface SourceContext {
  host: HTMLElement;
  events: SourceEvents;
  volume: number;
  loadScript: ScriptLoader;
}

/** The events, passed on only while `alive()`: a source torn down says nothing more. */
export function whileAlive(events: SourceEvents, alive: () => boolean): SourceEvents {
  return {
    onPlaying: () => alive() && events.onPlaying(),
    onPaused: () => alive() && events.onPaused(),
    onEnded: () => alive() && events.onEnded(),
    onProgress: (position, duration) => alive() && events.onProgress(position, duration),
    onError: (kind) => alive() && events.onError(kind),
  };
}

/**
 * Calls made before a platform's player is ready wait for it: `run` runs an action now or once
 * `open()` was called, keeping only the last play or pause asked for.
 */
export function readyGate() {
  let isReady = false;
  let pending: (() => void) | null = null;
  return {
    run(action: () => void): void {
      if (isReady) action();
      else pending = action;
    },
    open(): void {
      isReady = true;
      const action = pending;
      pending = null;
      action?.();
    },
  };
}
