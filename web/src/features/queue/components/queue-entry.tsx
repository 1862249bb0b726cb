import { lazy, Suspense } from "react";
import { Badge, Box, Collapse, Group, Loader, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { QUEUE_MESSAGES, submitterName, type Entry } from "@common/queue";
import { ChevronIcon } from "../../../components/icons";
import { PlatformBadge } from "../../../components/platform-badge";
import { PriorityBadge } from "../../../components/priority-badge";
import { SongDetailsLine, SongThumbnail } from "../../../components/song-details";
import { EntryDetails } from "./entry-details";
import { NowPlayingMark } from "./now-playing-mark";

// Edit and Leave load when a visitor's own waiting entry is opened, not on every page load.
const OwnerActions = lazy(() => import("./owner-actions").then((m) => ({ default: m.OwnerActions })));

/** Which list an entry is shown in: the song being played, a numbered place, or on hold. */
export type EntryPlace = { kind: "playing" } | { kind: "waiting"; rank: number } | { kind: "on_hold" };

interface QueueEntryProps {
  entry: Entry;
  place: EntryPlace;
  own: boolean;
  highlighted: boolean;
  /** Opens the profile popup of a member with a public profile. */
  onOpenProfile?: (username: string) => void;
}

function PlaceMark({ place }: { place: EntryPlace }) {
  if (place.kind === "playing") return <NowPlayingMark />;
  if (place.kind === "on_hold") return null;
  return (
    <Text fw={800} c="dimmed">
      {place.rank}
    </Text>
  );
}

function Submitter({ entry, onOpenProfile }: { entry: Entry; onOpenProfile?: (username: string) => void }) {
  const profile = entry.profile_username;
  if (!profile || !onOpenProfile) return <>{submitterName(entry)}</>;
  return (
    <UnstyledButton
      onClick={() => onOpenProfile(profile)}
      aria-haspopup="dialog"
      fz="sm"
      c="violet.2"
      pos="relative"
      style={{ pointerEvents: "auto", textDecoration: "underline", textUnderlineOffset: 2, maxWidth: "100%", overflow: "hidden", textOverflow: "ellipsis" }}
    >
      {submitterName(entry)}
    </UnstyledButton>
  );
}

/**
 * One row of a queue list. The whole row opens and closes the details (a button laid over it); the
 * submitter's name sits above that button so it can open their profile.
 */
export function QueueEntry({ entry, place, own, highlighted, onOpenProfile }: QueueEntryProps) {
  const [open, toggle] = useDisclosure(own);
  const detailsId = `entry-details-${entry.id}`;
  return (
    <Paper
      id={`entry-${entry.id}`}
      radius="md"
      p="sm"
      withBorder
      style={{
        transition: "background-color 300ms, border-color 300ms",
        borderColor: own ? "var(--mantine-color-violet-6)" : place.kind === "playing" ? "var(--mantine-color-green-8)" : undefined,
        backgroundColor: highlighted ? "rgba(121, 80, 242, 0.28)" : undefined,
        boxShadow: highlighted ? "0 0 0 3px var(--mantine-color-violet-5)" : undefined,
        scrollMarginTop: 80,
      }}
      data-own={own || undefined}
      data-highlighted={highlighted || undefined}
      data-place={place.kind}
    >
      <Box pos="relative">
        <UnstyledButton
          onClick={toggle.toggle}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`${entry.track_title} by ${entry.artist_name}`}
          pos="absolute"
          inset={0}
          style={{ borderRadius: "var(--mantine-radius-sm)" }}
        />
        <Group wrap="nowrap" gap="sm" style={{ pointerEvents: "none" }}>
          <Box w={28} ta="right" style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}>
            <PlaceMark place={place} />
          </Box>
          <SongThumbnail details={entry.song_details} width={56} />
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate>
              {entry.track_title}
            </Text>
            {entry.awaiting_approval && (
              <Text size="xs" fw={600} c="orange.3">
                {own ? QUEUE_MESSAGES.positionAwaitingApproval : "Awaiting approval"}
              </Text>
            )}
            <Group gap={4} wrap="nowrap" c="dimmed" fz="sm" style={{ minWidth: 0 }}>
              {/* The channel name gives way first; the artist only when the name is down to a few letters. */}
              <Text span size="sm" c="dimmed" truncate style={{ flex: "0 1 auto", minWidth: 48 }}>
                {entry.artist_name}
              </Text>
              <Text span size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                ·
              </Text>
              <Box style={{ flex: "0 1000 auto", minWidth: 64, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                <Submitter entry={entry} onOpenProfile={onOpenProfile} />
              </Box>
            </Group>
            <SongDetailsLine details={entry.song_details} platform={entry.platform} />
          </Box>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Box visibleFrom="xs">
              <PlatformBadge platform={entry.platform} />
            </Box>
            {own && (
              <Badge size="sm" variant="filled">
                You
              </Badge>
            )}

            {entry.priority_level > 0 && <PriorityBadge level={entry.priority_level} source={entry.payment_source} expires={entry.premium_expires} />}
            <ChevronIcon open={open} size={16} />
          </Group>
        </Group>
      </Box>
      <Collapse expanded={open} id={detailsId}>
        <Stack gap={6} pt="sm" pl={{ base: 4, sm: 40 }}>
          <EntryDetails entry={entry} />
          {own && entry.status === "waiting" && (
            <Suspense fallback={<Loader size="xs" aria-label="Loading your actions" />}>
              <OwnerActions entry={entry} />
            </Suspense>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
