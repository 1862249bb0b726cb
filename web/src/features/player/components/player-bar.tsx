import { useState } from "react";
import { ActionIcon, Anchor, Button, CopyButton, Group, Paper, Slider, Stack, Text, Tooltip } from "@mantine/core";
import { clockText, timeLeft, type PlayerCommandName, type PlayerState } from "@common/player";
import { useLive } from "../../live";
import { usePlayerStatus } from "../use-player-status";
import { useSliderRelease } from "./use-slider-release";

/** Where the player lives; the OBS browser source takes the same address, absolute. */
export const PLAYER_PATH = "/overlay/player";

const STATUS_TEXT: Record<PlayerState["status"], string> = {
  loading: "Loading",
  playing: "Playing",
  paused: "Paused",
  waiting: "Between songs",
  idle: "Nothing to play",
  blocked: "Needs the host: open the link",
};

function SeekSlider({ state, onSeek }: { state: PlayerState; onSeek(seconds: number): void }) {
  const { dragging, onChange, onChangeEnd } = useSliderRelease(onSeek);
  const ends = [state.duration, state.limit].filter((value): value is number => value !== null && value > 0);
  const length = ends.length ? Math.min(...ends) : 0;
  return (
    <Slider
      thumbLabel="Position in the song"
      min={0}
      max={Math.max(1, Math.floor(length))}
      value={dragging ?? Math.min(Math.floor(state.position), Math.floor(length))}
      disabled={length === 0}
      label={(value) => clockText(value)}
      onChange={onChange}
      onChangeEnd={onChangeEnd}
      style={{ flex: "1 1 160px" }}
    />
  );
}

function VolumeSlider({ volume, onVolume }: { volume: number | null; onVolume(volume: number): void }) {
  // The level asked for stays on the slider until the player reports it, instead of jumping back meanwhile.
  const [asked, setAsked] = useState<number | null>(null);
  const { dragging, onChange, onChangeEnd } = useSliderRelease((value) => {
    setAsked(value);
    onVolume(value);
  });
  if (asked !== null && asked === volume) setAsked(null);
  return (
    <Tooltip label="Spotify's player has no volume control" disabled={volume !== null} withinPortal>
      <Group gap={6} wrap="nowrap" style={{ flex: "0 1 150px" }}>
        <Text size="xs" c="dimmed" aria-hidden>
          Vol
        </Text>
        <Slider
          thumbLabel="Player volume"
          data-testid="player-volume"
          min={0}
          max={100}
          value={dragging ?? asked ?? volume ?? 100}
          disabled={volume === null}
          onChange={onChange}
          onChangeEnd={onChangeEnd}
          style={{ flex: 1 }}
        />
      </Group>
    </Tooltip>
  );
}

interface PlayerBarProps {
  /** Play next for the song the page shows: the skip, with its `current_id` guard. */
  onSkip(): void;
  skipping: boolean;
  canSkip: boolean;
}

/** The host's remote for the player, in Manage Queue's Now Playing area: play/pause, skip, volume, seek and time left. */
export function PlayerBar({ onSkip, skipping, canSkip }: PlayerBarProps) {
  const { send } = useLive();
  const status = usePlayerStatus();
  const state = status?.player_id ? status.state : null;
  const command = (name: PlayerCommandName, value?: number) =>
    send(value === undefined ? { type: "player_command", command: name } : { type: "player_command", command: name, value });
  const left = state ? timeLeft(state) : null;
  const obsUrl = `${window.location.origin}${PLAYER_PATH}`;
  const playing = state?.status === "playing";

  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label="Player" bg="var(--mantine-color-dark-8)">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={700} data-testid="player-bar-status">
            Player:{" "}
            <Text span inherit c={state ? undefined : "dimmed"}>
              {!status?.player_id ? "not open" : state ? STATUS_TEXT[state.status] : "connecting"}
            </Text>
            {left !== null && state?.status !== "idle" && (
              <Text span inherit c="violet.3" data-testid="player-bar-left">
                {" "}
                · {clockText(Math.ceil(left))} left
              </Text>
            )}
          </Text>
          <Group gap="xs">
            <Anchor href={PLAYER_PATH} target="_blank" rel="noopener" size="sm">
              Open player
            </Anchor>
            <CopyButton value={obsUrl}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? "Copied" : "Copy OBS URL"}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Group>
        {state && (
          <Group gap="sm" wrap="wrap">
            <ActionIcon
              size="lg"
              variant="filled"
              aria-label={playing ? "Pause the player" : "Play the player"}
              onClick={() => command(playing ? "pause" : "play")}
              disabled={state.status === "idle" || state.status === "blocked"}
            >
              <span aria-hidden>{playing ? "❚❚" : "▶"}</span>
            </ActionIcon>
            <Button size="compact-sm" variant="default" onClick={onSkip} loading={skipping} disabled={!canSkip}>
              Skip
            </Button>
            <SeekSlider state={state} onSeek={(seconds) => command("seek", seconds)} />
            <VolumeSlider volume={state.volume} onVolume={(volume) => command("volume", volume)} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
