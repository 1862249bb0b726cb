import "@mantine/dates/styles.css";
import { Grid, Stack } from "@mantine/core";
import { AdminPage } from "../../features/admin-shell";
import { QueueStatusPanel, ScheduleList, ScheduleRuns, useSchedulerLive } from "../../features/scheduler";

export function SchedulerPage() {
  useSchedulerLive();
  return (
    <AdminPage title="Scheduler" kind="wide" intro="Open, close or clear the queue at set times, each schedule in its own time zone.">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ScheduleList />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <QueueStatusPanel />
            <ScheduleRuns />
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
