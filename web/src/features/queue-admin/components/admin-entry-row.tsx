import { Badge, Box, Group, Table, Text, Tooltip } from "@mantine/core";
import type { AdminEntry } from "@common/queue-admin";
import { EMPTY_TEXT, submitterName } from "@common/queue";
import { PriorityBadge } from "../../../components/priority-badge";
import { SongDetailsLine, SongThumbnail } from "../../../components/song-details";
import { LINK_PLATFORM_LABELS } from "@common/link-canonical";
import { ScanBadge } from "../../files";
import { entryLink, isPremiumNote } from "../entry-display";
import { EntryActionsMenu } from "./entry-actions";
import { ScoreControl } from "../../reviews";

const LINK_KIND_LABELS = { external: "Link", stored_object: "Stored file", local_upload: "Upload", pending_email: "By e-mail" } as const;

/**
 * The columns of the compact view, in the order the row fills them, each from the screen width it fits:
 * on a phone the note steps aside, and the standing (also on the cards) shows on wide screens only, so the
 * actions stay in view beside the queue tools.
 */
export const COMPACT_COLUMNS: { label: string; from?: "sm" | "xl" }[] = [
  { label: "#" },
  { label: "Song" },
  { label: "Tier" },
  { label: "Source" },
  { label: "Note", from: "sm" },
  { label: "Standing", from: "xl" },
  { label: "" },
];

/** One entry on one line: for a host scanning hundreds of entries. */
export function AdminEntryRow({ entry, rank }: { entry: AdminEntry; rank: number }) {
  const premium = isPremiumNote(entry.message);
  const link = entryLink(entry);
  const hasNote = entry.message !== EMPTY_TEXT;
  return (
    <Table.Tr
      aria-label={`${entry.track_title} by ${entry.artist_name}`}
      data-premium={premium || undefined}
      bg={premium ? "color-mix(in srgb, var(--mantine-color-yellow-9) 14%, transparent)" : undefined}
    >
      <Table.Td c="dimmed" fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
        {rank}
      </Table.Td>
      <Table.Td maw={{ base: 120, xs: 260, md: 300 }}>
        <Group gap="xs" wrap="nowrap">
          <Box visibleFrom="xs" style={{ flexShrink: 0 }}>
            <SongThumbnail details={entry.song_details} width={48} />
          </Box>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} truncate="end" title={entry.track_title}>
              {entry.track_title}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" title={`${entry.artist_name} · @${entry.username}`}>
              {entry.artist_name} · {submitterName(entry)}
            </Text>
            <SongDetailsLine details={entry.song_details} platform={entry.platform} withFlags textFrom="xs" />
            {entry.awaiting_approval && (
              <Badge size="xs" variant="light" color="orange">
                Awaiting approval
              </Badge>
            )}
          </Box>
        </Group>
      </Table.Td>
      <Table.Td>
        {entry.priority_level > 0 ? (
          <PriorityBadge level={entry.priority_level} source={entry.payment_source} expires={entry.premium_expires} />
        ) : (
          <Text size="xs" c="dimmed">
            Regular
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {entry.file_key ? (
          <ScanBadge state={entry.file_status ?? "unavailable"} />
        ) : link.href ? (
          <Text
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            c="violet.2"
            td="underline"
            title={entry.video_id ? `${entry.link} (video ${entry.video_id})` : entry.link}
          >
            {link.kind === "external" ? LINK_PLATFORM_LABELS[entry.platform] : LINK_KIND_LABELS[link.kind]}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" title={entry.link}>
            {LINK_KIND_LABELS[link.kind]}
          </Text>
        )}
      </Table.Td>
      <Table.Td maw={160} visibleFrom="sm">
        <Group gap={6} wrap="nowrap">
          {premium && (
            <Badge size="xs" variant="filled" color="yellow" c="dark.9" style={{ flexShrink: 0 }}>
              Premium
            </Badge>
          )}
          {hasNote && (
            <Tooltip label={entry.message} multiline maw={320} withinPortal>
              <Text size="xs" truncate="end">
                {entry.message}
              </Text>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="xl">
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          Lv {entry.account_level} · {entry.streak_count}× streak
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        {entry.status === "active" ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ScoreControl submissionId={entry.id} trackTitle={entry.track_title} eager />
            <EntryActionsMenu entry={entry} />
          </Group>
        ) : (
          <EntryActionsMenu entry={entry} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
