import { useState } from "react";
import { Button, Group, NumberInput, Stack, Switch, Text } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { AUTO_ADVANCE_GAP_MAX, PLAYER_MESSAGES, SONG_LIMIT_MAX } from "@common/player";
import { toastError, toastSuccess } from "../../../components/toast";
import { useSaveSetting } from "../../settings";

interface PlayerSettingsFormProps {
  autoAdvance: string | null;
  gapSeconds: string | null;
  songLimitSeconds: string | null;
}

const isWholeUpTo = (value: string | number, max: number) => value !== "" && Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= max;

/** The player's settings: auto-advance and its gap, and the per-song limit of review streams. */
export function PlayerSettingsForm({ autoAdvance, gapSeconds, songLimitSeconds }: PlayerSettingsFormProps) {
  const save = useSaveSetting();
  const [gap, setGap] = useState<string | number>(gapSeconds ?? "3");
  const [limit, setLimit] = useState<string | number>(songLimitSeconds ?? "0");
  const [problem, setProblem] = useState<{ gap?: string; limit?: string }>({});
  const on = autoAdvance === "true";

  const toggle = (next: boolean) =>
    save.mutate({ name: "autoAdvance", state: String(next) }, { onError: (error) => toastError(errorMessage(error), "Could not change auto-advance") });

  const submit = async () => {
    const found = {
      gap: isWholeUpTo(gap, AUTO_ADVANCE_GAP_MAX) ? undefined : PLAYER_MESSAGES.gapRange,
      limit: isWholeUpTo(limit, SONG_LIMIT_MAX) ? undefined : PLAYER_MESSAGES.songLimitRange,
    };
    setProblem(found);
    if (found.gap || found.limit) return;
    try {
      await save.mutateAsync({ name: "autoAdvanceGapSeconds", state: String(Number(gap)) });
      await save.mutateAsync({ name: "songLimitSeconds", state: String(Number(limit)) });
      toastSuccess(Number(limit) > 0 ? `The player plays the first ${Number(limit)} seconds of each song.` : "The player plays each song to its end.");
    } catch (error) {
      toastError(errorMessage(error), "Could not save the player's settings");
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label="Player">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>Auto-advance {on ? "on" : "off"}</Text>
          <Text size="sm" c="dimmed">
            {on ? "When a song ends in the player, the next one starts by itself." : "The player waits for you to press Play next."}
          </Text>
        </Stack>
        <Switch size="lg" checked={on} disabled={save.isPending} aria-label="Auto-advance" onChange={(event) => toggle(event.currentTarget.checked)} />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Gap between songs (seconds)"
          description={`0 to ${AUTO_ADVANCE_GAP_MAX}`}
          value={gap}
          onChange={setGap}
          min={0}
          max={AUTO_ADVANCE_GAP_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={problem.gap}
        />
        <NumberInput
          label="Play only the first … seconds"
          description="For review streams; 0 plays each song to its end"
          value={limit}
          onChange={setLimit}
          min={0}
          max={SONG_LIMIT_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={problem.limit}
        />
      </Group>
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save player settings
        </Button>
      </Group>
    </Stack>
  );
}
