import type { ReactNode } from "react";
import { Box, Group, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { AdminEntry } from "@common/queue-admin";
import { adminSettingsQuery, FlagSwitch, queueFlag, submissionsFlag } from "../../settings";
import { playable } from "../entry-display";
import { PlayNextButton } from "./play-next-button";

interface ShowControlsProps {
  active: AdminEntry[] | undefined;
  waiting: AdminEntry[] | undefined;
  /** The player's remote, under Now Playing. */
  player?: ReactNode;
}

const songOf = (entry: AdminEntry) => `${entry.track_title} by ${entry.artist_name}`;

/** What is playing, what comes next, Play next, and the queue and submissions switches: running the show from one place. */
export function ShowControls({ active, waiting, player }: ShowControlsProps) {
  const settings = useQuery(adminSettingsQuery());
  const current = active?.[0] ?? null;
  const next = waiting?.find(playable) ?? null;
  const loaded = active !== undefined && waiting !== undefined;
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} component="section" aria-label="Show controls">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Box>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Now Playing
            </Text>
            <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }} data-testid="now-playing-song">
              {current ? songOf(current) : "Nothing is playing"}
              {active && active.length > 1 && (
                <Text span size="sm" c="dimmed" fw={400}>
                  {" "}
                  +{active.length - 1} more
                </Text>
              )}
            </Text>
          </Box>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            Up next: {next ? songOf(next) : "nothing ready in Waiting"}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-start">
          <PlayNextButton currentId={current?.id ?? null} enabled={loaded && (current !== null || next !== null)} />
          {settings.data && (
            <Group gap="md">
              <FlagSwitch {...queueFlag} description={undefined} isOn={settings.data.isQueueOn === "true"} />
              <FlagSwitch {...submissionsFlag} description={undefined} isOn={settings.data.isSubmissionsOpen !== "false"} />
            </Group>
          )}
        </Stack>
      </Group>
      {player && <Box mt="sm">{player}</Box>}
    </Paper>
  );
}
