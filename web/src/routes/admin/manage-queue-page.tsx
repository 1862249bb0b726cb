import { useDeferredValue, useState } from "react";
import { Box, Button, Grid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LIST_LABELS } from "@common/entry-status";
import type { AdminEntry } from "@common/queue-admin";
import { Link, useNavigate } from "react-router";
import {
  AddEntryModal,
  adminListQuery,
  AdminQueueSection,
  ClearPanel,
  LiveStatus,
  NO_FILTER,
  QueueToolbar,
  ShowControls,
  useAdminQueueLive,
  usePlayNext,
  useQueueView,
  type EntryFilter,
} from "../../features/queue-admin";
import { AdminPage } from "../../features/admin-shell";
import { AdminFileSlot } from "../../features/files";
import { PlayerBar } from "../../features/player";
import { errorMessage } from "@common/error-catalogue";
import { toastError } from "../../components/toast";
import { HEADER_HEIGHT } from "../../components/page";

const fileSlot = (entry: AdminEntry) => <AdminFileSlot entry={entry} />;

/** The player's Skip is Play next for the song this page shows, so a skip from two places skips one song. */
function ManageQueuePlayerBar({ active }: { active: AdminEntry[] | undefined }) {
  const playNext = usePlayNext();
  const currentId = active?.[0]?.id ?? null;
  const skip = () => playNext.mutate(currentId, { onError: (error) => toastError(errorMessage(error), "Could not skip the song") });
  return <PlayerBar onSkip={skip} skipping={playNext.isPending} canSkip={currentId !== null} />;
}

export function ManageQueuePage() {
  useAdminQueueLive();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [view, setView] = useQueueView();
  const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
  // Typing stays quick with hundreds of entries: the lists follow a keystroke behind.
  const shownFilter = useDeferredValue(filter);
  // Go Back returns to the page this one was opened from; opened directly (a bookmark, a new tab) there
  // is none, and it would only repeat Return Admin Page, so it is not offered.
  const canGoBack = Boolean((window.history.state as { idx?: number } | null)?.idx);
  const active = useQuery(adminListQuery("active"));
  const waiting = useQuery(adminListQuery("waiting"));
  const onHold = useQuery(adminListQuery("on_hold"));
  const counts = active.data && waiting.data && onHold.data ? { active: active.data.length, waiting: waiting.data.length, on_hold: onHold.data.length } : undefined;
  const section = { fileSlot, view, filter: shownFilter };

  const actions = (
    <>
      <Button onClick={() => setAdding(true)}>Add Queuer</Button>
      {canGoBack && (
        <Button variant="subtle" leftSection={<span aria-hidden>←</span>} onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      )}
    </>
  );

  return (
    <AdminPage title="Manage Queue" kind="wide" status={<LiveStatus />} actions={actions}>
      <QueueToolbar view={view} onViewChange={setView} filter={filter} onFilterChange={setFilter} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="xl">
            {/* Now Playing and Play next stay in view while the host scrolls the lists. */}
            <Box style={{ position: "sticky", top: HEADER_HEIGHT + 8, zIndex: 3, background: "var(--mantine-color-body)", borderRadius: "var(--mantine-radius-lg)" }}>
              <ShowControls active={active.data} waiting={waiting.data} player={<ManageQueuePlayerBar active={active.data} />} />
            </Box>
            <AdminQueueSection title={LIST_LABELS.active} query={active} emptyText="Nothing is playing. Press Play next or move someone from Waiting." {...section} />
            <AdminQueueSection title={LIST_LABELS.waiting} query={waiting} emptyText="Nobody is waiting." {...section} />
            <AdminQueueSection title={LIST_LABELS.on_hold} query={onHold} emptyText="No one is on hold." {...section} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
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
      <AddEntryModal opened={adding} onClose={() => setAdding(false)} />
    </AdminPage>
  );
}
