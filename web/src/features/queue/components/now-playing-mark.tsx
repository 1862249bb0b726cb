import classes from "./now-playing-mark.module.css";

/** The moving bars that mark the song being played (still when the visitor prefers less motion). */
export function NowPlayingMark() {
  return (
    <span className={classes.mark} role="img" aria-label="Now playing" title="Now playing">
      <span className={classes.bar} />
      <span className={classes.bar} />
      <span className={classes.bar} />
    </span>
  );
}
