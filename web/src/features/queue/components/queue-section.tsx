import { Skeleton, Text } from "@mantine/core";
import type { Entry } from "@common/queue";
import { ListLoadFailed, ListSection } from "../../../components/list-section";
import { type EntryPlace, QueueEntry } from "./queue-entry";

interface QueueSectionProps {
  title: string;
  /** Now Playing marks its entries as playing; Waiting numbers them from 1; On Hold has no numbers. */
  kind: EntryPlace["kind"];
  entries: Entry[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  isOwn: (entry: Entry) => boolean;
  highlightedId: string | null;
  onOpenProfile?: (username: string) => void;
}

function placeOf(kind: EntryPlace["kind"], index: number): EntryPlace {
  return kind === "waiting" ? { kind, rank: index + 1 } : { kind };
}

/** A collapsible list: Now Playing, Waiting or On Hold, in the order the server sent. */
export function QueueSection({ title, kind, entries, loading, failed, emptyText, isOwn, highlightedId, onOpenProfile }: QueueSectionProps) {
  return (
    <ListSection title={title} count={entries?.length ?? 0}>
      {loading && <Skeleton height={56} radius="md" />}
      {failed && <ListLoadFailed />}
      {entries?.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="sm">
          {emptyText}
        </Text>
      )}
      {entries?.map((entry, index) => (
        <QueueEntry key={entry.id} entry={entry} place={placeOf(kind, index)} own={isOwn(entry)} highlighted={highlightedId === entry.id} onOpenProfile={onOpenProfile} />
      ))}
    </ListSection>
  );
}
