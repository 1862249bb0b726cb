import { useDeferredValue, useState } from "react";
import { Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LIST_LABELS } from "@common/entry-status";
import type { AdminQueuer } from "@common/queue-admin";
import { Link, useNavigate } from "react-router";
import {
  AddQueuerModal,
  adminListQuery,
  AdminQueueSection,
  ClearPanel,
  LiveStatus,
  NO_FILTER,
  QueueToolbar,
  ShowControls,
  useAdminQueueLive,
  useQueueView,
  type EntryFilter,
} from "../../features/queue-admin";
import { AdminFileSlot } from "../../features/files";
import { HEADER_HEIGHT, Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

const fileSlot = (entry: AdminQueuer) => <AdminFileSlot entry={entry} />;

export function ManageQueuePage() {
  useAdminQueueLive();
  useDocumentTitle("Manage Queue");
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [view, setView] = useQueueView();
  const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
  // Typing stays quick with hundreds of entries: the lists follow a keystroke behind.
  const shownFilter = useDeferredValue(filter);
  // Opened directly (a bookmark, a new tab) there is no page to go back to: go to the admin home.
  const goBack = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate("/admin"));
  const active = useQuery(adminListQuery("active"));
  const waiting = useQuery(adminListQuery("waiting"));
  const onHold = useQuery(adminListQuery("on_hold"));
  const counts = active.data && waiting.data && onHold.data ? { active: active.data.length, waiting: waiting.data.length, on_hold: onHold.data.length } : undefined;
  const section = { fileSlot, view, filter: shownFilter };

  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1}>
              Manage Queue
            </Title>
            <LiveStatus />
          </Stack>
          <Group gap="xs">
            <Button onClick={() => setAdding(true)}>Add Queuer</Button>
            <Button variant="default" onClick={goBack}>
              Go Back
            </Button>
            <Button variant="default" component={Link} to="/admin">
              Return Admin Page
            </Button>
          </Group>
        </Group>
        <ShowControls active={active.data} waiting={waiting.data} />
        <QueueToolbar view={view} onViewChange={setView} filter={filter} onFilterChange={setFilter} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <AdminQueueSection title={LIST_LABELS.active} query={active} emptyText="Nothing is playing. Press Play next or move someone from Waiting." {...section} />
              <AdminQueueSection title={LIST_LABELS.waiting} query={waiting} emptyText="Nobody is waiting." {...section} />
              <AdminQueueSection title={LIST_LABELS.on_hold} query={onHold} emptyText="No one is on hold." {...section} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" style={{ position: "sticky", top: HEADER_HEIGHT + 16 }}>
              <ClearPanel counts={counts} />
              <Text size="xs" c="dimmed" ta="center">
                Lists refresh on every live update. Every change is kept in the{" "}
                <Text component={Link} to="/admin/audit" size="xs" c="violet.3" td="underline">
                  audit log
                </Text>
                .
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AddQueuerModal opened={adding} onClose={() => setAdding(false)} />
    </Page>
  );
}
