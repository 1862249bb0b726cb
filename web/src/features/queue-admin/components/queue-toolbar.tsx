import { Button, Group, SegmentedControl, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { PRIORITY_LABELS, PRIORITY_LEVELS } from "@common/limits";
import { isFiltering, NO_FILTER, type EntryFilter, type HoldFilter, type PriorityFilter, type ScanFilter } from "../entry-filter";
import type { QueueView } from "./admin-queue-section";

const VIEW_KEY = "admin_queue_view";

/** Cards or compact rows, remembered in this browser. */
export function useQueueView() {
  return useLocalStorage<QueueView>({ key: VIEW_KEY, defaultValue: "cards", getInitialValueInEffect: false });
}

const PRIORITY_OPTIONS = [
  { value: "all", label: "Any tier" },
  { value: "any", label: "Any priority" },
  ...PRIORITY_LEVELS.map((level) => ({ value: String(level), label: PRIORITY_LABELS[level] })),
];
const SCAN_OPTIONS = [
  { value: "all", label: "Any scan" },
  { value: "link", label: "Links" },
  { value: "pending", label: "Scanning" },
  { value: "clean", label: "Scanned" },
  { value: "error", label: "Scan error" },
];
const HOLD_OPTIONS = [
  { value: "all", label: "Any hold" },
  { value: "not_held", label: "Not held" },
  { value: "held", label: "On hold" },
];

interface QueueToolbarProps {
  view: QueueView;
  onViewChange: (view: QueueView) => void;
  filter: EntryFilter;
  onFilterChange: (filter: EntryFilter) => void;
}

/** The view switch, the search (artist, title, username) and the filters (tier, scan status, hold). */
export function QueueToolbar({ view, onViewChange, filter, onFilterChange }: QueueToolbarProps) {
  const set = <K extends keyof EntryFilter>(key: K, value: EntryFilter[K]) => onFilterChange({ ...filter, [key]: value });
  const select = { size: "sm", allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Search and filter the queue">
      <SegmentedControl
        value={view}
        onChange={(value) => onViewChange(value as QueueView)}
        data={[
          { value: "cards", label: "Cards" },
          { value: "compact", label: "Compact" },
        ]}
        aria-label="View"
      />
      <TextInput
        aria-label="Search artist, title or username"
        placeholder="Search artist, title, username"
        value={filter.search}
        onChange={(event) => set("search", event.currentTarget.value)}
        style={{ flex: "1 1 220px" }}
      />
      <SimpleGrid cols={3} spacing="xs" style={{ flex: "1 1 390px" }}>
        <Select {...select} aria-label="Priority tier" data={PRIORITY_OPTIONS} value={filter.priority} onChange={(value) => set("priority", (value ?? "all") as PriorityFilter)} />
        <Select {...select} aria-label="Scan status" data={SCAN_OPTIONS} value={filter.scan} onChange={(value) => set("scan", (value ?? "all") as ScanFilter)} />
        <Select {...select} aria-label="On hold" data={HOLD_OPTIONS} value={filter.hold} onChange={(value) => set("hold", (value ?? "all") as HoldFilter)} />
      </SimpleGrid>
      {isFiltering(filter) && (
        <Button variant="subtle" size="sm" onClick={() => onFilterChange(NO_FILTER)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
