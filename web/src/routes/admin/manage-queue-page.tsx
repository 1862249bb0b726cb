import { useState } from "react";
import { Button, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { Queuer } from "@common/queue";
import { Link, useNavigate } from "react-router";
import { AddQueuerModal, adminListQuery, AdminQueueSection, ClearPanel, LiveStatus, useAdminQueueLive } from "../../features/admin";
import { AdminFileSlot } from "../../features/files";

const fileSlot = (entry: Queuer) => <AdminFileSlot entry={entry} />;

export function ManageQueuePage() {
  useAdminQueueLive();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  // Opened directly (a bookmark, a new tab) there is no page to go back to: go to the admin home.
  const goBack = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate("/admin"));
  const active = useQuery(adminListQuery("active"));
  const waiting = useQuery(adminListQuery("waiting"));
  const onHold = useQuery(adminListQuery("on_hold"));

  return (
    <Container size="xl" px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1} size="h2">
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
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <AdminQueueSection title="Now Playing" query={active} emptyText="Nothing is playing. Move someone from Waiting." fileSlot={fileSlot} />
              <AdminQueueSection title="Waiting" query={waiting} emptyText="Nobody is waiting." fileSlot={fileSlot} />
              <AdminQueueSection title="On Hold" query={onHold} emptyText="No one is on hold." fileSlot={fileSlot} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" style={{ position: "sticky", top: 16 }}>
              <ClearPanel />
              <Text size="xs" c="dimmed" ta="center">
                Lists refresh on every live update.
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AddQueuerModal opened={adding} onClose={() => setAdding(false)} />
    </Container>
  );
}
