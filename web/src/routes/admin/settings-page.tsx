import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorMessage } from "@common/error-catalogue";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAdminQueueLive } from "../../features/queue-admin";
import { adminSettingsQuery, InactivityTimeoutForm, NextStreamForm, QueueSwitch, StreamLinkForm } from "../../features/settings";

export function SettingsPage() {
  useAdminQueueLive();
  useDocumentTitle("Queue Settings");
  const settings = useQuery(adminSettingsQuery());
  const values = settings.data;
  return (
    <Page kind="reading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>
            Queue Settings
          </Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        {settings.isPending && <Skeleton height={320} radius="lg" />}
        {settings.isError && (
          <Alert color="red" variant="light" title="Could not load the settings">
            {errorMessage(settings.error)}
          </Alert>
        )}
        {values && (
          <Paper radius="lg" p="lg" withBorder>
            <Stack gap="lg">
              <QueueSwitch isOn={values.isQueueOn === "true"} />
              <Divider />
              <StreamLinkForm current={values.youtubeStreamLink} />
              <Divider />
              <InactivityTimeoutForm current={values.inactivityTimeoutMinutes} buttonLabel="Save timeout" />
              <Divider />
              <NextStreamForm current={values.nextStreamStartAt} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Page>
  );
}
