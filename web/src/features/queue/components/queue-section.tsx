import { memo, type ReactNode } from "react";
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

/** The note of an empty list. */
function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="sm">
      {children}
    </Text>
  );
}

/**
 * A collapsible list: Now Playing, Waiting or On Hold, in the order the server sent. Drawn again only
 * when its own props change: an answer for one list, which React renders as one blocking task, draws
 * that list and not the other two.
 */
export const QueueSection = memo(function QueueSection({ title, kind, entries, loading, failed, emptyText, isOwn, highlightedId, onOpenProfile }: QueueSectionProps) {
  return (
    <ListSection title={title} count={entries?.length ?? 0}>
      {/* The box of a one-line empty note: a list that arrives empty (as on a first visit to a fresh queue) moves nothing. */}
      {loading && (
        <Skeleton radius="md" aria-hidden>
          <EmptyNote>{"\u00a0"}</EmptyNote>
        </Skeleton>
      )}
      {failed && <ListLoadFailed />}
      {entries?.length === 0 && <EmptyNote>{emptyText}</EmptyNote>}
      {entries?.map((entry, index) => (
        <QueueEntry key={entry.id} entry={entry} place={placeOf(kind, index)} own={isOwn(entry)} highlighted={highlightedId === entry.id} onOpenProfile={onOpenProfile} />
      ))}
    </ListSection>
  );
});
