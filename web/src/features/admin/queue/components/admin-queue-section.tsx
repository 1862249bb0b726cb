import type { ReactNode } from "react";
import { Alert, Badge, Box, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Queuer } from "@common/queue";
import { errorMessage } from "@common/error-catalogue";
import { AdminEntryCard } from "./admin-entry-card";

interface AdminQueueSectionProps {
  title: string;
  query: UseQueryResult<Queuer[]>;
  emptyText: string;
  fileSlot?: (entry: Queuer) => ReactNode;
}

/** Now Playing, Waiting or On Hold, with a count, in the order the server sent. */
export function AdminQueueSection({ title, query, emptyText, fileSlot }: AdminQueueSectionProps) {
  const entries = query.data;
  return (
    <Box component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={700} size="lg">
            {title}
          </Text>
          <Badge variant="light">{entries?.length ?? 0}</Badge>
        </Group>
        {query.isFetching && !query.isPending && (
          <Text size="xs" c="dimmed">
            updating…
          </Text>
        )}
      </Group>
      <Stack gap="xs">
        {query.isPending && <Skeleton height={96} radius="md" />}
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
        {entries?.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" py="sm">
            {emptyText}
          </Text>
        )}
        {entries?.map((entry, index) => <AdminEntryCard key={entry.id} entry={entry} rank={index + 1} fileSlot={fileSlot} />)}
      </Stack>
    </Box>
  );
}
