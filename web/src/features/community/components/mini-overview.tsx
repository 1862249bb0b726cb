import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { overviewQuery, positionQuery } from "../../queue/api";

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
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
  const playing = mine?.status === "active";
  const myPosition = !mine ? "—" : mine.status === "on_hold" ? "On Hold" : mine.position ? `#${mine.position}` : "—";

  return (
    <Paper withBorder radius="lg" p="md" aria-label="Queue at a glance">
      <SimpleGrid cols={{ base: userId && !playing ? 2 : 1, xs: userId && !playing ? 3 : 2 }} spacing="md">
        <Cell label="Now Playing">
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
        {userId && !playing && (
          <Cell label="My Position">
            <Text fw={800} size="lg" c={mine ? "violet.3" : undefined}>
              {myPosition}
            </Text>
          </Cell>
        )}
        <Cell label="Total Submissions">
          <Text fw={800} size="lg">
            {overview.data?.total_submissions ?? "—"}
          </Text>
        </Cell>
      </SimpleGrid>
    </Paper>
  );
}
