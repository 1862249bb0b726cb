import { lazy, Suspense } from "react";
import { Anchor, Badge, Box, Collapse, Group, Loader, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { Queuer } from "@common/queue";
import { ChevronIcon } from "../../../components/icons";
import { PriorityBadge } from "../../../components/priority-badge";
import { ScanBadge } from "../../files";

// Edit and Leave load when a visitor's own waiting entry is opened, not on every page load.
const OwnerActions = lazy(() => import("./owner-actions").then((m) => ({ default: m.OwnerActions })));

function isWebLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

interface QueueEntryProps {
  entry: Queuer;
  rank: number;
  own: boolean;
  highlighted: boolean;
}

/** One row of a queue list; expands to artist, track, note and file-scan status. Owners can edit or leave. */
export function QueueEntry({ entry, rank, own, highlighted }: QueueEntryProps) {
  const [open, toggle] = useDisclosure(own);
  const priority = entry.priority_level;
  return (
    <Paper
      id={`entry-${entry.id}`}
      radius="md"
      p="sm"
      withBorder
      style={{
        transition: "background-color 300ms, border-color 300ms",
        borderColor: own ? "var(--mantine-color-violet-6)" : undefined,
        backgroundColor: highlighted ? "rgba(121, 80, 242, 0.28)" : undefined,
        boxShadow: highlighted ? "0 0 0 3px var(--mantine-color-violet-5)" : undefined,
        scrollMarginTop: 80,
      }}
      data-own={own || undefined}
      data-highlighted={highlighted || undefined}
    >
      <UnstyledButton onClick={toggle.toggle} w="100%" aria-expanded={open} aria-label={`${entry.track_title} by ${entry.artist_name}`}>
        <Group wrap="nowrap" gap="sm">
          <Text fw={800} c="dimmed" w={28} ta="right" style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}>
            {rank}
          </Text>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate>
              {entry.track_title}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {entry.artist_name} · @{entry.username}
            </Text>
          </Box>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {own && (
              <Badge size="sm" variant="filled">
                You
              </Badge>
            )}
            {priority > 0 && (
              <PriorityBadge level={priority} />
            )}
            <ChevronIcon open={open} size={16} />
          </Group>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap={6} pt="sm" pl={{ base: 4, sm: 40 }}>
          <Text size="sm">
            <Text span c="dimmed">Artist: </Text>
            {entry.artist_name}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">Track: </Text>
            {entry.track_title}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <Text span c="dimmed">Note: </Text>
            {entry.message}
          </Text>
          {own && isWebLink(entry.link) && (
            <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm" truncate>
              {entry.link}
            </Anchor>
          )}
          {entry.file_status && <ScanBadge state={entry.file_status} />}
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
