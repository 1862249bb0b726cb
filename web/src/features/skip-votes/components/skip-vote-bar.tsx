import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { skipVoteCountText, type SkipVoteStatus } from "@common/skip-votes";

export const SKIP_VOTE_TEXT = {
  vote: "Vote to skip",
  voted: "You voted to skip this song",
  signIn: "Sign in to vote to skip this song.",
} as const;

interface SkipVoteBarProps {
  /** The song Now Playing and its votes; nothing is shown without a song or while skip votes are off. */
  status: SkipVoteStatus | null;
  signedIn: boolean;
  busy: boolean;
  onVote: (submissionId: string) => void;
}

/** "Skip votes: n / needed" under Now Playing, with the member's vote button. */
export function SkipVoteBar({ status, signedIn, busy, onVote }: SkipVoteBarProps) {
  if (!status?.submission_id || status.needed === null) return null;
  const { submission_id: submissionId, votes, needed, voted } = status;
  const count = skipVoteCountText(Math.min(votes, needed), needed);
  return (
    <Paper radius="md" p="sm" mx="md" withBorder component="section" aria-label="Votes to skip">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: "1 1 12rem", minWidth: 0 }}>
          <Text fw={600} size="sm" aria-live="polite" style={{ fontVariantNumeric: "tabular-nums" }} data-testid="skip-vote-count">
            {count}
          </Text>
          <Progress value={(100 * Math.min(votes, needed)) / needed} size="sm" color="orange" aria-label={count} />
        </Stack>
        {!signedIn ? (
          <Text size="sm" c="dimmed">
            {SKIP_VOTE_TEXT.signIn}
          </Text>
        ) : voted ? (
          <Text size="sm" c="dimmed">
            {SKIP_VOTE_TEXT.voted}
          </Text>
        ) : (
          <Button size="compact-md" variant="light" color="orange" loading={busy} onClick={() => onVote(submissionId)}>
            {SKIP_VOTE_TEXT.vote}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
