import type { CSSProperties } from "react";
import { submitterName, type Entry } from "@common/queue";
import { skipVoteCountText } from "@common/skip-votes";
import type { OverlaySettings, OverlayView } from "../overlay-settings";
import classes from "./overlay.module.css";

/** Only the public fields a viewer may see on stream: title, artist, the platform's details and, when asked, the requester's name. */
type OverlaySong = Pick<Entry, "id" | "track_title" | "artist_name" | "username"> & Partial<Pick<Entry, "platform" | "song_details">>;

/** The platform's title and channel when it differs from what was typed; the picture beside it. */
function PlatformTitle({ song }: { song: OverlaySong }) {
  const details = song.song_details;
  if (!details?.available || !details.title || details.title === song.track_title) return null;
  return <span className={`${classes.line} ${classes.muted}`}>{[details.title, details.channel].filter(Boolean).join(" · ")}</span>;
}

function Thumbnail({ song }: { song: OverlaySong }) {
  const address = song.song_details?.available ? song.song_details.thumbnail_url : null;
  return address ? <img className={classes.thumbnail} src={address} alt="" referrerPolicy="no-referrer" /> : null;
}

function Requester({ song, names }: { song: OverlaySong; names: boolean }) {
  if (!names) return null;
  return <span className={`${classes.line} ${classes.muted}`}>requested by {submitterName({ username: song.username })}</span>;
}

/** The viewers' skip votes for the song Now Playing; absent while off. */
type SkipVoteCount = { votes: number; needed: number } | null;

function NowPlaying({ song, names, skipVotes }: { song: OverlaySong | undefined; names: boolean; skipVotes: SkipVoteCount }) {
  return (
    <section className={classes.panel} aria-label="Now playing" data-testid="overlay-now-playing">
      <p className={classes.label}>Now playing</p>
      {song ? (
        // Keyed by entry, so a new song mounts afresh and plays the entrance animation.
        <div key={song.id} className={`${classes.enter} ${classes.nowPlaying}`}>
          <Thumbnail song={song} />
          <div className={classes.nowPlayingText}>
            <p className={`${classes.title} ${classes.line}`}>{song.track_title}</p>
            <span className={`${classes.line} ${classes.muted}`}>by {song.artist_name}</span>
            <PlatformTitle song={song} />
            <Requester song={song} names={names} />
            {skipVotes && (
              <span className={`${classes.line} ${classes.skipVotes}`} data-testid="overlay-skip-votes">
                {skipVoteCountText(skipVotes.votes, skipVotes.needed)}
              </span>
            )}
          </div>
        </div>
      ) : (
        <p className={`${classes.title} ${classes.muted}`}>Nothing playing yet</p>
      )}
    </section>
  );
}

function UpNext({ songs, names }: { songs: OverlaySong[]; names: boolean }) {
  return (
    <section className={classes.panel} aria-label="Up next" data-testid="overlay-up-next">
      <p className={classes.label}>Up next</p>
      {songs.length === 0 ? (
        <p className={`${classes.rowText} ${classes.muted}`}>The queue is empty</p>
      ) : (
        <ol className={classes.list}>
          {songs.map((song, index) => (
            <li key={song.id} className={`${classes.row} ${classes.enter}`}>
              <span className={classes.rank}>{index + 1}</span>
              <span className={`${classes.rowText} ${classes.line}`}>
                {song.track_title} <span className={classes.muted}>by {song.artist_name}</span>
                {names && <span className={classes.muted}> · {submitterName({ username: song.username })}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface OverlayPanelsProps {
  view: OverlayView;
  settings: OverlaySettings;
  /** The Now Playing list; its first entry is the current song. */
  active: OverlaySong[];
  waiting: OverlaySong[];
  skipVotes?: SkipVoteCount;
}

/** What the stream shows, from the public lists alone. */
export function OverlayPanels({ view, settings, active, waiting, skipVotes = null }: OverlayPanelsProps) {
  const style = { "--overlay-scale": settings.scale } as CSSProperties;
  return (
    <div className={classes.root} data-theme={settings.theme} style={style}>
      {view !== "up-next" && <NowPlaying song={active[0]} names={settings.names} skipVotes={skipVotes} />}
      {view !== "now-playing" && <UpNext songs={waiting.slice(0, settings.count)} names={settings.names} />}
    </div>
  );
}
