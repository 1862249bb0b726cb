import "@mantine/dates/styles.css";
import { Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";
import { QueueStatusPanel, ScheduleList, ScheduleRuns, useSchedulerLive } from "../../features/scheduler";

export function SchedulerPage() {
  useSchedulerLive();
  useDocumentTitle("Scheduler");
  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1}>
              Scheduler
            </Title>
            <Text c="dimmed" size="sm">
              Open, close or clear the queue at set times, each schedule in its own time zone.
            </Text>
          </Stack>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
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
      </Stack>
    </Page>
  );
}
