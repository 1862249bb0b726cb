import { Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { submitterName } from "@common/queue";
import { votesLeftText, type CurrentPlayed, type PlayedSong, type VoteUsage } from "@common/votes";
import { HeartIcon } from "../../../components/icons";
import { ListLoadFailed, ListSection } from "../../../components/list-section";

export const VOTES_SECTION_TITLE = "Played This Session";

interface PlayedVotesListProps {
  current: CurrentPlayed;
  failed: boolean;
  signedIn: boolean;
  usage: VoteUsage | null;
  /** The song whose vote is on its way, if any. */
  busyId: string | null;
  onToggleVote: (song: PlayedSong) => void;
}

const votesText = (votes: number) => `${votes} ${votes === 1 ? "vote" : "votes"}`;

function VoteButton({ song, usage, busy, onToggleVote }: { song: PlayedSong; usage: VoteUsage | null; busy: boolean; onToggleVote: () => void }) {
  if (song.own) {
    return (
      <Text size="xs" c="dimmed">
        Your song
      </Text>
    );
  }
  const outOfVotes = !song.voted && (usage ? !usage.open || usage.remaining === 0 : false);
  // The name starts with the button's own word (Vote / Voted), so speech input finds it by what it says.
  const label = song.voted ? `Voted for ${song.track_title}: take back your vote` : `Vote for ${song.track_title}`;
  return (
    <Button
      size="compact-sm"
      variant={song.voted ? "filled" : "light"}
      color="pink"
      leftSection={<HeartIcon size={14} filled={song.voted} />}
      aria-label={label}
      aria-pressed={song.voted}
      title={outOfVotes ? "No votes left in this session" : label}
      disabled={outOfVotes}
      loading={busy}
      onClick={onToggleVote}
    >
      {song.voted ? "Voted" : "Vote"}
    </Button>
  );
}

function PlayedSongRow({ song, signedIn, usage, busy, onToggleVote }: { song: PlayedSong; signedIn: boolean; usage: VoteUsage | null; busy: boolean; onToggleVote: () => void }) {
  return (
    <Paper radius="md" p="sm" withBorder data-voted={song.voted || undefined} aria-label={`${song.track_title} by ${song.artist_name}`} component="li">
      <Group wrap="nowrap" gap="sm">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {song.track_title}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {song.artist_name} · {submitterName(song)}
          </Text>
        </Box>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
            {votesText(song.votes)}
          </Text>
          {signedIn && <VoteButton song={song} usage={usage} busy={busy} onToggleVote={onToggleVote} />}
        </Group>
      </Group>
    </Paper>
  );
}

/** The songs played in the live session with their votes, and a vote button for members; styled like the queue's lists. */
export function PlayedVotesList({ current, failed, signedIn, usage, busyId, onToggleVote }: PlayedVotesListProps) {
  return (
    <ListSection title={VOTES_SECTION_TITLE} count={current.played.length}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {signedIn ? (usage ? `Vote for your favourites: ${votesLeftText(usage)}` : "Vote for your favourites.") : "Sign in to vote for your favourites."}
      </Text>
      {failed && <ListLoadFailed />}
      {current.played.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="sm">
          No songs played yet in this session.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {current.played.map((song) => (
            <PlayedSongRow key={song.submission_id} song={song} signedIn={signedIn} usage={usage} busy={busyId === song.submission_id} onToggleVote={() => onToggleVote(song)} />
          ))}
        </Stack>
      )}
    </ListSection>
  );
}
