import { useMemo, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { PLAYER_MESSAGES } from "@common/player";
import type { AdminEntry } from "@common/queue-admin";
import { useTransparentPage } from "../../overlay";
import { adminSettingsQuery } from "../../settings";
import { playerConfigQuery } from "../api";
import { songSourceOf } from "../song-source";
import { usePlayerClaim } from "../use-player-claim";
import { usePlayerEngine } from "../use-player-engine";
import { PlayerCard } from "./player-card";
import classes from "./player.module.css";

function Message({ title, note, action }: { title: string; note?: string; action?: { label: string; onClick(): void } }) {
  return (
    <section className={classes.card} aria-label="Player" data-testid="player-message">
      <p className={classes.label}>
        <span>Player</span>
      </p>
      <p className={classes.title}>{title}</p>
      {note && <p className={classes.note}>{note}</p>}
      {action && (
        <div className={classes.actions}>
          <button type="button" className={classes.button} onClick={action.onClick}>
            {action.label}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * /overlay/player: plays the Now Playing song where the host put it (a tab, or an OBS browser source
 * so the audio goes into the stream). One window plays at a time; the others offer "Play here".
 */
export function PlayerScreen({ current, nextReadyId }: { current: AdminEntry | null; nextReadyId: string | null }) {
  useTransparentPage();
  const playerId = useMemo(() => crypto.randomUUID(), []);
  const stage = useRef<HTMLDivElement>(null);
  const settings = useQuery(adminSettingsQuery()).data;
  const config = useQuery(playerConfigQuery()).data;
  const { isActive, known, claimHere } = usePlayerClaim(playerId);
  const limit = Number(settings?.songLimitSeconds ?? 0);
  const options = {
    autoAdvance: settings?.autoAdvance === "true",
    gapSeconds: Number(settings?.autoAdvanceGapSeconds ?? 0),
    limitSeconds: limit > 0 ? limit : null,
  };
  const { view, command } = usePlayerEngine({ playerId, stage, current, nextReadyId, options, config, isActive });
  const kind = current && isActive ? songSourceOf(current).kind : "none";

  let content = null;
  if (known && !isActive) {
    content = <Message title={PLAYER_MESSAGES.otherWindow} note="Only one player plays at a time." action={{ label: "Play here", onClick: claimHere }} />;
  } else if (!current) {
    content = <Message title="Nothing is playing" note={options.autoAdvance ? "The next song starts by itself when one is ready." : "Press Play next on Manage Queue to start."} />;
  } else if (view && view.entryId === current.id) {
    content = <PlayerCard entry={current} view={view} onPlay={() => command("play")} />;
  }

  return (
    <main className={classes.root} data-player-id={playerId}>
      <div ref={stage} className={classes.stage} data-kind={kind} data-testid="player-stage" />
      {content}
    </main>
  );
}
