import type { ReactNode } from "react";
import { Grid, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LIST_LABELS } from "@common/entry-status";
import { overviewQuery, positionQuery } from "../../queue";

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Now Playing, My Position (signed-in, unless playing) and Total Submissions. */
export function MiniOverview({ userId }: { userId: string | null }) {
  const overview = useQuery(overviewQuery());
  const position = useQuery(positionQuery(userId));
  const now = overview.data?.now_playing;
  const mine = position.data;
  const showPosition = !!userId && mine?.status !== "active";
  const myPosition = !mine ? "—" : mine.status === "on_hold" ? LIST_LABELS.on_hold : mine.position ? `#${mine.position}` : "—";

  return (
    <Paper withBorder radius="lg" p="md" aria-label="Queue at a glance">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Cell label={LIST_LABELS.active}>
            <Text fw={600} lineClamp={2}>
              {now ? (
                <>
                  {now.track_title}{" "}
                  <Text span c="dimmed" fw={400}>
                    by {now.artist_name}
                  </Text>
                </>
              ) : (
                "—"
              )}
            </Text>
          </Cell>
        </Grid.Col>
        {showPosition && (
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Cell label="My Position">
              <Text fw={800} size="lg" c={mine ? "violet.3" : undefined}>
                {myPosition}
              </Text>
            </Cell>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: showPosition ? 6 : 12, sm: showPosition ? 3 : 6 }}>
          <Cell label="Total Submissions">
            <Text fw={800} size="lg">
              {overview.data?.total_submissions ?? "—"}
            </Text>
          </Cell>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
