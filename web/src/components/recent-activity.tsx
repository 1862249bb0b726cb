import { useState } from "react";
import { Alert, Badge, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { HISTORY_EXPANDED_LIMIT, HISTORY_SHOWN } from "@common/limits";
import { REVIEW_SCORE_MAX } from "@common/reviews";
import type { UseQueryResult } from "@tanstack/react-query";
import type { HistoryItem, HistoryPage } from "@common/users";
import { ACTIVITY_FILTERS, ACTIVITY_SORTS, arrangeActivity, declinedText, statusBadge, type ActivityFilter, type ActivitySort } from "../lib/submission-history";

export interface RecentActivityProps {
  page: HistoryPage | undefined;
  loading: boolean;
  failed: boolean;
  failedText: string;
  emptyText: string;
  expanded: boolean;
  onExpand: () => void;
  onRetry?: () => void;
  /** Shows the sort select and the All / Played only filter. */
  controls?: boolean;
  /** Told of each sort or filter chosen, so the page can ask the server for that order over every submission. */
  onArrange?: (arrangement: { sort: ActivitySort; filter: ActivityFilter }) => void;
}

export type HistoryQuery = Pick<UseQueryResult<HistoryPage>, "data" | "isFetching" | "isError">;

/** RecentActivity's page, loading and failed, as the query of a history page has them. */
export function historyQueryProps(history: HistoryQuery): Pick<RecentActivityProps, "page" | "loading" | "failed"> {
  return { page: history.data, loading: history.isFetching, failed: history.isError };
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

function ActivityRow({ item }: { item: HistoryItem }) {
  const status = item.decline_reason ? { label: "Declined", color: "red" } : statusBadge(item.status);
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`${item.track_title} by ${item.artist_name}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {item.track_title}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            by {item.artist_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(item.submitted_at)}
          </Text>
          {item.decline_reason && (
            <Text size="sm" c="red.3" style={{ overflowWrap: "anywhere" }}>
              {declinedText(item.decline_reason)}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {item.score !== null && (
            <Badge color="grape" variant="filled" aria-label={`The host's score: ${item.score} out of ${REVIEW_SCORE_MAX}`}>
              {item.score}/{REVIEW_SCORE_MAX}
            </Badge>
          )}
        </Stack>
      </Group>
      {item.score_note && (
        <Text size="sm" mt={6} style={{ overflowWrap: "anywhere" }}>
          <Text span c="dimmed">
            The host:{" "}
          </Text>
          “{item.score_note}”
        </Text>
      )}
    </Paper>
  );
}

/** A member's submissions: 5 shown, Show More loads and shows up to 50; optional sort and filter. */
export function RecentActivity({ page, loading, failed, failedText, emptyText, expanded, onExpand, onRetry, controls = false, onArrange }: RecentActivityProps) {
  const [sort, setSortState] = useState<ActivitySort>("newest");
  const [filter, setFilterState] = useState<ActivityFilter>("all");
  const setSort = (next: ActivitySort) => {
    setSortState(next);
    onArrange?.({ sort: next, filter });
  };
  const setFilter = (next: ActivityFilter) => {
    setFilterState(next);
    onArrange?.({ sort, filter: next });
  };

  if (failed && !page) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{failedText}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  if (loading && !page) return <Loader size="sm" type="dots" aria-label="Loading submissions" />;

  const all = page?.submissions ?? [];
  const arranged = controls ? arrangeActivity(all, sort, filter) : all;
  const shown = arranged.slice(0, expanded ? HISTORY_EXPANDED_LIMIT : HISTORY_SHOWN);
  const more = !expanded && (all.length > HISTORY_SHOWN || !!page?.has_more);

  return (
    <Stack gap="sm">
      {controls && (all.length > 0 || filter !== "all") && (
        <Group gap="xs" justify="space-between">
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as ActivityFilter)}
            data={Object.entries(ACTIVITY_FILTERS).map(([value, label]) => ({ value, label }))}
            aria-label="Filter submissions"
          />
          <Select
            size="xs"
            w={140}
            value={sort}
            onChange={(value) => value && setSort(value as ActivitySort)}
            data={Object.entries(ACTIVITY_SORTS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            aria-label="Sort submissions"
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      )}
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {shown.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </Stack>
      )}
      {more && (
        <Button variant="subtle" size="xs" onClick={onExpand} loading={loading} style={{ alignSelf: "center" }}>
          Show More
        </Button>
      )}
    </Stack>
  );
}
