import type { ReactNode } from "react";
import { Box, Group, Paper, Stack, Text } from "@mantine/core";
import { EMPTY_TEXT, submitterName } from "@common/queue";
import type { AdminEntry } from "@common/queue-admin";
import { SongDetailsLine, SongThumbnail } from "../../../components/song-details";
import { ScanBadge } from "../../files";
import { ScoreControl } from "../../reviews";
import { isPremiumNote } from "../entry-display";
import { EntryActions } from "./entry-actions";
import { EntryBadges } from "./entry-badges";
import { EntryLink } from "./entry-link";

interface AdminEntryCardProps {
  entry: AdminEntry;
  rank: number;
  /** The files feature's scan status and player for an uploaded file; the list's scan status when absent. */
  fileSlot?: (entry: AdminEntry) => ReactNode;
}

const submittedFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", month: "short", day: "numeric" });

/** One entry as the host sees it: everything about the song, and what can be done with it. */
export function AdminEntryCard({ entry, rank, fileSlot }: AdminEntryCardProps) {
  const premium = isPremiumNote(entry.message);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-premium={premium || undefined}
      aria-label={`${entry.track_title} by ${entry.artist_name}`}
      style={premium ? { borderColor: "var(--mantine-color-yellow-5)", backgroundColor: "color-mix(in srgb, var(--mantine-color-yellow-9) 14%, transparent)" } : undefined}
    >
      <Stack gap={8}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Text fw={800} c="dimmed" w={24} ta="right" style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}>
            {rank}
          </Text>
          <SongThumbnail details={entry.song_details} width={96} />
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {entry.track_title}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {entry.artist_name} · {submitterName(entry)}
            </Text>
            <SongDetailsLine details={entry.song_details} platform={entry.platform} withFlags stacked />
            <EntryBadges entry={entry} premium={premium} />
          </Box>
        </Group>
        <Stack gap={4} pl={36}>
          {/* The default note ('Empty!') says nothing: no line for it. */}
          {entry.message !== EMPTY_TEXT && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              <Text span c="dimmed">
                Note:{" "}
              </Text>
              {entry.message}
            </Text>
          )}
          <EntryLink entry={entry} />
          {fileSlot ? fileSlot(entry) : entry.file_key && <ScanBadge state={entry.file_status ?? "unavailable"} />}
          <Text size="xs" c="dimmed">
            Submitted {submittedFormat.format(new Date(entry.submitted_at))} · Level {entry.account_level} · {entry.streak_count}-show streak
          </Text>
          <Group pt={4} gap={6} align="flex-start">
            <EntryActions entry={entry} />
            {entry.status === "active" && <ScoreControl submissionId={entry.id} trackTitle={entry.track_title} eager />}
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
