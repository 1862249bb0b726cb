import type { PlayerCommandName, PlayerStatus } from "@common/player";
import type { Source, SourceEvents } from "./sources/source";

/** Why the player shows a link instead of playing it. */
export type BlockedReason = "cannot_embed" | "forbidden" | "failed";

export interface PlayerOptions {
  autoAdvance: boolean;
  /** Seconds between a song's end and Play next. */
  gapSeconds: number;
  /** Review streams: play only this many seconds of each song; null when off. */
  limitSeconds: number | null;
}

/** What the player page shows and reports. */
export interface PlayerView {
  entryId: string | null;
  status: PlayerStatus;
  position: number;
  duration: number | null;
  volume: number;
  /** False while the source has no volume control (Spotify). */
  hasVolume: boolean;
  limit: number | null;
  blocked: BlockedReason | null;
  /** Seconds until the next song while waiting out the gap. */
  nextIn: number | null;
}

export interface PlayerControllerDeps {
  /** Makes the source of a song; null when it can only be opened as a link. */
  createSource(entryId: string, events: SourceEvents, volume: number): Promise<Source> | null;
  onChange(view: PlayerView): void;
  /**
   * The song ended (or reached the limit) and the gap passed: time for Play next. Null: nothing was
   * playing and a song is ready in Waiting (auto-advance starts it).
   */
  onFinished(entryId: string | null): void;
  volume: number;
}

/**
 * The player's state machine, apart from React and the platforms: one song at a time from loading to
 * playing, paused, its end or its per-song limit, the gap, then `onFinished`. Sources report through
 * `SourceEvents`; the host's commands come in through `command`.
 */
export function createPlayerController(deps: PlayerControllerDeps) {
  let options: PlayerOptions = { autoAdvance: false, gapSeconds: 0, limitSeconds: null };
  let view: PlayerView = { entryId: null, status: "idle", position: 0, duration: null, volume: deps.volume, hasVolume: true, limit: null, blocked: null, nextIn: null };
  let source: Source | null = null;
  let finished = false;
  let gapTimer: ReturnType<typeof setInterval> | null = null;
  // Each load gets a turn: events and sources of an earlier song are ignored.
  let turn = 0;

  const change = (next: Partial<PlayerView>) => {
    view = { ...view, ...next };
    deps.onChange(view);
  };
  const stopGap = () => {
    if (gapTimer) clearInterval(gapTimer);
    gapTimer = null;
  };

  /** Counts the gap down on the view, then asks for the next song. */
  function afterGap(entryId: string | null, status: PlayerStatus): void {
    if (options.gapSeconds <= 0) {
      change({ status, nextIn: 0 });
      return deps.onFinished(entryId);
    }
    change({ status, nextIn: options.gapSeconds });
    gapTimer = setInterval(() => {
      const left = (view.nextIn ?? 1) - 1;
      if (left > 0) return change({ nextIn: left });
      stopGap();
      change({ nextIn: 0 });
      deps.onFinished(entryId);
    }, 1000);
  }

  function finish(): void {
    if (finished || !view.entryId) return;
    finished = true;
    source?.pause();
    if (!options.autoAdvance) return change({ status: "paused" });
    afterGap(view.entryId, "waiting");
  }

  function eventsFor(myTurn: number): SourceEvents {
    const current = () => myTurn === turn;
    return {
      onPlaying: () => current() && !finished && change({ status: "playing" }),
      onPaused: () => current() && !finished && change({ status: "paused" }),
      onEnded: () => current() && finish(),
      onProgress(position, duration) {
        if (!current()) return;
        change({ position, duration: duration ?? view.duration });
        if (options.limitSeconds && position >= options.limitSeconds) finish();
      },
      onError: (kind) => current() && change({ status: "blocked", blocked: kind === "forbidden" ? "forbidden" : "failed" }),
    };
  }

  return {
    get view(): PlayerView {
      return view;
    },

    /** Sets the auto-advance, gap and limit settings; they apply to the song playing too. */
    configure(next: PlayerOptions): void {
      options = next;
      change({ limit: next.limitSeconds });
      if (options.limitSeconds && view.position >= options.limitSeconds && view.status === "playing") finish();
    },

    /** Plays this entry (null: nothing is Now Playing). The same entry again changes nothing. */
    load(entryId: string | null): void {
      if (entryId === view.entryId) return;
      turn += 1;
      stopGap();
      source?.destroy();
      source = null;
      finished = false;
      const base = { entryId, position: 0, duration: null, blocked: null, nextIn: null, hasVolume: true };
      if (!entryId) return change({ ...base, status: "idle" });
      const myTurn = turn;
      const made = deps.createSource(entryId, eventsFor(myTurn), view.volume);
      if (!made) return change({ ...base, status: "blocked", blocked: "cannot_embed" });
      change({ ...base, status: "loading" });
      made.then(
        (created) => {
          if (myTurn !== turn) return created.destroy();
          source = created;
          change({ hasVolume: created.hasVolume });
          created.play();
        },
        () => myTurn === turn && change({ status: "blocked", blocked: "failed" }),
      );
    },

    /**
     * Whether a song is ready in Waiting. With nothing playing and auto-advance on, the first one
     * starts by itself after the gap; with none ready, nothing plays.
     */
    nextReady(ready: boolean): void {
      if (view.status !== "idle") return;
      if (!ready || !options.autoAdvance) {
        stopGap();
        if (view.nextIn !== null) change({ nextIn: null });
        return;
      }
      if (!gapTimer && view.nextIn === null) afterGap(null, "idle");
    },

    /** The host's play, pause, volume and seek, from this page or any admin page. */
    command(command: PlayerCommandName, value?: number): void {
      if (command === "volume" && value !== undefined) {
        const volume = Math.round(Math.max(0, Math.min(100, value)));
        source?.setVolume(volume);
        return change({ volume });
      }
      if (!source || view.status === "blocked") return;
      if (command === "pause") {
        // Pausing in the gap holds the next song until the host plays again.
        if (gapTimer) {
          stopGap();
          return change({ status: "paused", nextIn: null });
        }
        return source.pause();
      }
      if (command === "play") {
        if (finished && view.entryId) {
          // Ended (or stopped at the limit) and held: Play moves on now.
          if (options.autoAdvance) return deps.onFinished(view.entryId);
          finished = false;
          source.seek(0);
        }
        return source.play();
      }
      if (command === "seek" && value !== undefined) {
        source.seek(value);
        if (finished && (!options.limitSeconds || value < options.limitSeconds)) finished = false;
        change({ position: value });
      }
    },

    destroy(): void {
      turn += 1;
      stopGap();
      source?.destroy();
      source = null;
    },
  };
}

export type PlayerController = ReturnType<typeof createPlayerController>;
