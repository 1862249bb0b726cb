import { useDeferredValue, useState } from "react";
import { Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { AUDIT_ACTIONS, type AuditRecord } from "@common/audit";
import { auditLogQuery, NO_AUDIT_FILTERS, type AuditFilters } from "../api";
import { actionLabel, describeDetails } from "../audit-text";

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));
const timeFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" });

function AuditItem({ record, first, onFilter }: { record: AuditRecord; first: boolean; onFilter: (change: Partial<AuditFilters>) => void }) {
  const details = describeDetails(record);
  return (
    <Stack
      gap={2}
      py="xs"
      component="li"
      aria-label={`${actionLabel(record.action)} by ${record.actor_name}`}
      style={first ? undefined : { borderTop: "1px solid var(--mantine-color-dark-4)" }}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{actionLabel(record.action)}</Text>
        {record.entry_label && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onFilter({ entryId: record.entry_id ?? "" })}
            title="Show only this entry"
            style={{ overflowWrap: "anywhere", textAlign: "left" }}
          >
            {record.entry_label}
          </Anchor>
        )}
      </Group>
      {details && (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {details}
        </Text>
      )}
      {record.reason && (
        <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere" }}>
          Reason: {record.reason}
        </Text>
      )}
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          <time dateTime={record.at}>{timeFormat.format(new Date(record.at))}</time> · by
        </Text>
        <Anchor component="button" type="button" size="xs" onClick={() => onFilter({ admin: record.actor_name })} title="Show only this admin's actions">
          {record.actor_name}
        </Anchor>
        {record.actor_kind === "system" && (
          <Badge size="xs" variant="outline" color="gray">
            automatic
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Who did what in the back-office, newest first, filtered by action, admin and entry. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const asked = useDeferredValue(filters);
  const log = useInfiniteQuery(auditLogQuery(asked));
  const records = log.data?.pages.flatMap((page) => page.records) ?? [];
  const change = (next: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...next }));
  const filtering = filters.action !== null || filters.admin !== "" || filters.entryId !== "";

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter the audit log">
        <Select
          label="Action"
          placeholder="Every action"
          data={ACTION_OPTIONS}
          value={filters.action}
          onChange={(action) => change({ action })}
          clearable
          comboboxProps={{ withinPortal: true }}
          w={{ base: "100%", xs: 220 }}
        />
        <TextInput label="Admin" placeholder="Username" value={filters.admin} onChange={(event) => change({ admin: event.currentTarget.value })} w={{ base: "100%", xs: 180 }} />
        <TextInput
          label="Entry"
          placeholder="Entry or submitter id"
          value={filters.entryId}
          onChange={(event) => change({ entryId: event.currentTarget.value })}
          style={{ flex: "1 1 200px" }}
        />
        {filtering && (
          <Button variant="subtle" onClick={() => setFilters(NO_AUDIT_FILTERS)}>
            Clear filters
          </Button>
        )}
      </Group>
      <Paper withBorder radius="lg" px="md" py="xs">
        {log.isPending ? (
          <Stack py="xs">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : records.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {filtering ? "No action matches these filters." : "No admin action has been recorded yet."}
          </Text>
        ) : (
          <Stack gap={0} component="ol" aria-label="Audit records" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {records.map((record, index) => (
              <AuditItem key={record.id} record={record} first={index === 0} onFilter={change} />
            ))}
          </Stack>
        )}
      </Paper>
      {log.hasNextPage && (
        <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage} style={{ alignSelf: "center" }}>
          Show older
        </Button>
      )}
    </Stack>
  );
}
