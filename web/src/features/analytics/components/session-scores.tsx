import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { REVIEW_SCORE_MAX } from "@common/reviews";
import type { Session } from "@common/analytics";

/** Review mode's figures of a session: the average of the host's scores and the best-scored songs. */
export function SessionScores({ session }: { session: Session }) {
  if (session.average_score === null) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Scores">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={4} size="h5">
            Scores
          </Title>
          <Text size="sm">
            Average{" "}
            <Text span fw={700}>
              {session.average_score.toFixed(1)}
            </Text>
            <Text span c="dimmed">
              /{REVIEW_SCORE_MAX}
            </Text>
          </Text>
        </Group>
        <Stack gap={4} component="ol" m={0} pl="md" aria-label="Top songs by score">
          {session.top_scored.map((play) => (
            <Text key={play.submission_id} component="li" size="sm" style={{ overflowWrap: "anywhere" }}>
              <Badge color="grape" size="sm" variant="light" mr={6}>
                {play.score}/{REVIEW_SCORE_MAX}
              </Badge>
              {play.track_title}{" "}
              <Text span c="dimmed" size="sm">
                by {play.artist_name}
              </Text>
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
