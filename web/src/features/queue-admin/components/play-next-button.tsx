import { Button, Kbd, Tooltip } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { errorMessage } from "@common/error-catalogue";
import type { PlayNextResult } from "@common/queue-admin";
import { toastError, toastSuccess } from "../../../components/toast";
import { usePlayNext } from "../api";

/** The key that plays the next song, anywhere on the page but in a text field or a dialog. */
export const PLAY_NEXT_KEY = "n";
const PLAY_NEXT_FAILED = "Could not play the next song";

function playedText(result: PlayNextResult): string {
  const skipped = result.skipped_count > 0 ? ` (${result.skipped_count} not scanned yet, passed over)` : "";
  if (!result.now_playing) return `Played. Nothing is ready to play next${skipped}.`;
  return `Now playing: ${result.now_playing.track_title} by ${result.now_playing.artist_name}${skipped}.`;
}

interface PlayNextButtonProps {
  /** The song Now Playing as the page shows it (null when nothing is). */
  currentId: string | null;
  /** Something is playing or ready to play. */
  enabled: boolean;
}

/** Play next, with its keyboard shortcut: the current song counts as played and the next ready one comes up. */
export function PlayNextButton({ currentId, enabled }: PlayNextButtonProps) {
  const playNext = usePlayNext();
  const run = () => {
    if (!enabled || playNext.isPending) return;
    playNext.mutate(currentId, {
      onSuccess: (result) => toastSuccess(playedText(result)),
      onError: (error) => toastError(errorMessage(error), PLAY_NEXT_FAILED),
    });
  };
  useHotkeys([
    [
      PLAY_NEXT_KEY,
      (event) => {
        // A key pressed in a dialog (the add form, a confirmation) or an open menu belongs to it.
        if (event.target instanceof Element && event.target.closest("[role='dialog'], [role='menu']")) return;
        run();
      },
    ],
  ]);
  return (
    <Tooltip
      label={
        <>
          Mark the current song played and bring up the next one · shortcut <Kbd size="xs">N</Kbd>
        </>
      }
      withinPortal
    >
      <Button
        size="md"
        onClick={run}
        loading={playNext.isPending}
        disabled={!enabled}
        aria-keyshortcuts="N"
        rightSection={
          <Kbd size="xs" aria-hidden>
            N
          </Kbd>
        }
      >
        Play next
      </Button>
    </Tooltip>
  );
}
