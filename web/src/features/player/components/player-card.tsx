import { clockText, PLAYER_MESSAGES, timeLeft } from "@common/player";
import type { AdminEntry } from "@common/queue-admin";
import type { PlayerView } from "../player-controller";
import { songSourceOf } from "../song-source";
import classes from "./player.module.css";

const STATUS_TEXT: Record<PlayerView["status"], string> = {
  loading: "Loading",
  playing: "Playing",
  paused: "Paused",
  waiting: "Up next",
  idle: "Idle",
  blocked: "Open to play",
};

const BLOCKED_NOTES = {
  cannot_embed: PLAYER_MESSAGES.cannotEmbed,
  forbidden: PLAYER_MESSAGES.embedForbidden,
  failed: PLAYER_MESSAGES.embedFailed,
} as const;

function statusText(view: PlayerView): string {
  if (view.status === "waiting") return view.nextIn ? `Next song in ${view.nextIn} s` : "Next song…";
  return STATUS_TEXT[view.status];
}

/** The song playing, its progress and time left (to the per-song limit when one is set), and what to do when it cannot play here. */
export function PlayerCard({ entry, view, onPlay }: { entry: AdminEntry; view: PlayerView; onPlay(): void }) {
  const left = timeLeft(view);
  const end = [view.duration, view.limit].filter((value): value is number => value !== null && value > 0);
  const length = end.length ? Math.min(...end) : null;
  const share = length ? Math.min(100, (view.position / length) * 100) : 0;
  const source = songSourceOf(entry);
  return (
    <section className={classes.card} aria-label="Now playing" data-testid="player-card" data-status={view.status}>
      <p className={classes.label}>
        <span>Now playing</span>
        <span data-testid="player-status">{statusText(view)}</span>
      </p>
      <p className={classes.title}>{entry.track_title}</p>
      <p className={classes.artist}>{entry.artist_name}</p>
      {view.status !== "blocked" && (
        <>
          <div className={classes.bar} aria-hidden>
            <div className={classes.fill} style={{ width: `${share}%` }} />
          </div>
          <div className={classes.times}>
            <span>
              {clockText(view.position)}
              {length !== null && ` / ${clockText(length)}`}
              {view.limit !== null && ` · first ${view.limit} s`}
            </span>
            {left !== null && (
              <span className={classes.left} data-testid="player-time-left">
                {clockText(Math.ceil(left))} left
              </span>
            )}
          </div>
        </>
      )}
      {view.status === "blocked" && view.blocked && <p className={classes.note}>{BLOCKED_NOTES[view.blocked]}</p>}
      {source.kind === "spotify" && view.status !== "blocked" && <p className={classes.note}>{PLAYER_MESSAGES.spotifyPreview}</p>}
      {(view.status === "blocked" || (view.status === "paused" && view.position === 0)) && (
        <div className={classes.actions}>
          {view.status === "blocked" ? (
            <a className={classes.button} href={entry.link} target="_blank" rel="noreferrer noopener">
              Open
            </a>
          ) : (
            <button type="button" className={classes.button} onClick={onPlay}>
              Play
            </button>
          )}
        </div>
      )}
    </section>
  );
}
