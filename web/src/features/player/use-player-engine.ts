import { useEffect, useRef, useState, type RefObject } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PlayerCommandName, PlayerConfig, PlayerState } from "@common/player";
import type { AdminEntry } from "@common/queue-admin";
import { scanStatusQuery } from "../files";
import { useLive, useLiveMessage } from "../live";
import { createPlayerController, type PlayerController, type PlayerOptions, type PlayerView } from "./player-controller";
import { songSourceOf } from "./song-source";
import { loadScript } from "./sources/load-script";
import type { Source, SourceContext, SourceEvents } from "./sources/source";
import { createSoundcloudSource } from "./sources/soundcloud-source";
import { createSpotifySource } from "./sources/spotify-source";
import { createUploadSource } from "./sources/upload-source";
import { createYoutubeSource } from "./sources/youtube-source";

const REPORT_EVERY_MS = 1000;
const VOLUME_KEY = "livequeue.player.volume";

const storedVolume = () => {
  const stored = Number(window.localStorage.getItem(VOLUME_KEY) ?? "100");
  return Number.isFinite(stored) ? Math.max(0, Math.min(100, stored)) : 100;
};

/** The report the server relays to every admin page. */
const stateOf = (playerId: string, view: PlayerView): PlayerState => ({
  player_id: playerId,
  entry_id: view.entryId,
  status: view.status,
  position: Math.round(view.position * 10) / 10,
  duration: view.duration === null ? null : Math.round(view.duration * 10) / 10,
  volume: view.hasVolume ? view.volume : null,
  limit: view.limit,
});

interface EngineInput {
  playerId: string;
  stage: RefObject<HTMLDivElement | null>;
  current: AdminEntry | null;
  /** The first waiting entry ready to play: with nothing playing and auto-advance on, it starts by itself. */
  nextReadyId: string | null;
  options: PlayerOptions;
  config: PlayerConfig | undefined;
  /** Only the active window plays; the others stop. */
  isActive: boolean;
}

/**
 * Runs the player's state machine for the page: loads the Now Playing entry into its source on the
 * stage, follows the host's commands, reports its state (at each change, and every second while it
 * plays) and sends `player_finished` when a song is done.
 */
export function usePlayerEngine({ playerId, stage, current, nextReadyId, options, config, isActive }: EngineInput): {
  view: PlayerView | null;
  command(command: PlayerCommandName, value?: number): void;
} {
  const client = useQueryClient();
  const { send } = useLive();
  const [view, setView] = useState<PlayerView | null>(null);
  const [controller, setController] = useState<PlayerController | null>(null);
  const entries = useRef(new Map<string, AdminEntry>());
  if (current) entries.current.set(current.id, current);
  const lastReport = useRef<{ at: number; key: string }>({ at: 0, key: "" });

  useEffect(() => {
    if (!isActive || !config || !stage.current) return;
    const host = stage.current;
    const make = (entryId: string, events: SourceEvents, volume: number): Promise<Source> | null => {
      const entry = entries.current.get(entryId);
      if (!entry) return null;
      const context: SourceContext = { host, events, volume, loadScript };
      const title = `${entry.track_title} by ${entry.artist_name}`;
      const source = songSourceOf(entry);
      switch (source.kind) {
        case "upload":
          return client.fetchQuery(scanStatusQuery(source.fileKey, { auth: "admin" })).then((scan) => {
            if (scan.state !== "clean") throw new Error("The upload is not ready to play");
            return createUploadSource(context, scan.url, title);
          });
        case "youtube":
          return createYoutubeSource(context, config.youtube_script_url, source.videoId);
        case "soundcloud":
          return createSoundcloudSource(context, { script: config.soundcloud_script_url, widget: config.soundcloud_widget_url }, source.url, title);
        case "spotify":
          return createSpotifySource(context, config.spotify_script_url, source.uri);
        case "link":
          return null;
      }
    };
    const made = createPlayerController({
      createSource: make,
      volume: storedVolume(),
      onChange: (next) => {
        setView(next);
        const key = `${next.entryId}|${next.status}|${next.volume}|${next.limit}|${next.hasVolume}`;
        const now = Date.now();
        if (key === lastReport.current.key && now - lastReport.current.at < REPORT_EVERY_MS) return;
        lastReport.current = { at: now, key };
        send({ type: "player_state", state: stateOf(playerId, next) });
      },
      onFinished: (entryId) => send({ type: "player_finished", player_id: playerId, entry_id: entryId }),
    });
    setController(made);
    setView(made.view);
    return () => {
      made.destroy();
      setController(null);
      setView(null);
    };
  }, [isActive, config, stage, client, send, playerId]);

  const { autoAdvance, gapSeconds, limitSeconds } = options;
  useEffect(() => {
    controller?.configure({ autoAdvance, gapSeconds, limitSeconds });
  }, [controller, autoAdvance, gapSeconds, limitSeconds]);

  const currentId = current?.id ?? null;
  useEffect(() => {
    controller?.load(currentId);
  }, [controller, currentId]);

  useEffect(() => {
    controller?.nextReady(nextReadyId !== null);
  }, [controller, currentId, nextReadyId, autoAdvance]);

  const command = (name: PlayerCommandName, value?: number) => {
    if (!controller) return;
    controller.command(name, value);
    if (name === "volume") window.localStorage.setItem(VOLUME_KEY, String(controller.view.volume));
  };
  useLiveMessage("player_command", (message) => command(message.command, message.value));

  return { view, command };
}
