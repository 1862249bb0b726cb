import { useState, type ReactNode } from "react";
import { Alert, Badge, Box, Button, Group, Pagination, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminEntry } from "@common/queue-admin";
import { errorMessage } from "@common/error-catalogue";
import { matchesFilter, NO_FILTER, pageOf, type EntryFilter } from "../entry-filter";
import { AdminEntryCard } from "./admin-entry-card";
import { AdminEntryRow, COMPACT_COLUMNS } from "./admin-entry-row";

export type QueueView = "cards" | "compact";

/** Entries drawn at once: a list of hundreds stays quick to draw and to scroll. */
export const PAGE_SIZES: Record<QueueView, number> = { cards: 20, compact: 50 };

interface AdminQueueSectionProps {
  title: string;
  query: UseQueryResult<AdminEntry[]>;
  emptyText: string;
  fileSlot?: (entry: AdminEntry) => ReactNode;
  view?: QueueView;
  filter?: EntryFilter;
}

/** Now Playing, Waiting or On Hold, with a count, in the order the server sent; filtered and paged. */
export function AdminQueueSection({ title, query, emptyText, fileSlot, view = "cards", filter = NO_FILTER }: AdminQueueSectionProps) {
  const [page, setPage] = useState(1);
  const entries = query.data;
  // The rank stays the entry's place in the whole list, whatever the filter hides.
  const ranked = (entries ?? []).map((entry, index) => ({ entry, rank: index + 1 })).filter(({ entry }) => matchesFilter(entry, filter));
  const shown = pageOf(ranked, page, PAGE_SIZES[view]);
  const filteredOut = (entries?.length ?? 0) > 0 && ranked.length === 0;
  return (
    <Box component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={700} size="lg">
            {title}
          </Text>
          <Badge variant="light">{ranked.length === (entries?.length ?? 0) ? (entries?.length ?? 0) : `${ranked.length} of ${entries?.length}`}</Badge>
        </Group>
        {query.isFetching && !query.isPending && (
          <Text size="xs" c="dimmed">
            updating…
          </Text>
        )}
      </Group>
      <Stack gap="xs">
        {query.isPending && <Skeleton height={view === "cards" ? 96 : 40} radius="md" />}
        {query.isError && (
          <Alert color="red" variant="light" title="Could not load this list">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(query.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {(entries?.length === 0 || filteredOut) && (
          <Text c="dimmed" size="sm" ta="center" py="sm">
            {filteredOut ? "No entry here matches the search and filters." : emptyText}
          </Text>
        )}
        {view === "cards"
          ? shown.items.map(({ entry, rank }) => <AdminEntryCard key={entry.id} entry={entry} rank={rank} fileSlot={fileSlot} />)
          : shown.items.length > 0 && (
              <Table.ScrollContainer minWidth={340}>
                <Table verticalSpacing={6} horizontalSpacing="xs" highlightOnHover aria-label={`${title} entries`}>
                  <Table.Thead>
                    <Table.Tr>
                      {COMPACT_COLUMNS.map(({ label, from }, index) => (
                        <Table.Th key={index} fz="xs" c="dimmed" visibleFrom={from}>
                          {label || <VisuallyHidden>Actions</VisuallyHidden>}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.items.map(({ entry, rank }) => (
                      <AdminEntryRow key={entry.id} entry={entry} rank={rank} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
        {shown.pages > 1 && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {shown.offset + 1}–{shown.offset + shown.items.length} of {ranked.length}
            </Text>
            <Pagination size="sm" total={shown.pages} value={shown.page} onChange={setPage} aria-label={`${title} pages`} />
          </Group>
        )}
      </Stack>
    </Box>
  );
}
