import { Alert, Badge, Collapse, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { Queuer } from "@common/queue";
import { ChevronIcon } from "../../../components/icons";
import { type EntryPlace, QueueEntry } from "./queue-entry";

interface QueueSectionProps {
  title: string;
  /** Now Playing marks its entries as playing; Waiting numbers them from 1; On Hold has no numbers. */
  kind: EntryPlace["kind"];
  entries: Queuer[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  isOwn: (entry: Queuer) => boolean;
  highlightedId: string | null;
  onOpenProfile?: (username: string) => void;
}

function placeOf(kind: EntryPlace["kind"], index: number): EntryPlace {
  return kind === "waiting" ? { kind, rank: index + 1 } : { kind };
}

/** A collapsible list: Now Playing, Waiting or On Hold, in the order the server sent. */
export function QueueSection({ title, kind, entries, loading, failed, emptyText, isOwn, highlightedId, onOpenProfile }: QueueSectionProps) {
  const [open, toggle] = useDisclosure(true);
  return (
    <Paper radius="lg" p="md" bg="dark.7" component="section" aria-label={title}>
      <UnstyledButton onClick={toggle.toggle} w="100%" aria-expanded={open}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {title}
            </Text>
            <Badge variant="light" size="md">
              {entries?.length ?? 0}
            </Badge>
          </Group>
          <ChevronIcon open={open} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="xs" pt="md">
          {loading && <Skeleton height={56} radius="md" />}
          {failed && (
            <Alert color="red" variant="light">
              Could not load this list. It will refresh on the next update.
            </Alert>
          )}
          {entries?.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="sm">
              {emptyText}
            </Text>
          )}
          {entries?.map((entry, index) => (
            <QueueEntry
              key={entry.id}
              entry={entry}
              place={placeOf(kind, index)}
              own={isOwn(entry)}
              highlighted={highlightedId === entry.id}
              onOpenProfile={onOpenProfile}
            />
          ))}
        </Stack>
      </Collapse>
    </Paper>
  );
}
