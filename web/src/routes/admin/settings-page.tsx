import { Alert, Divider, Paper, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { AdminPage } from "../../features/admin-shell";
import { useAdminQueueLive } from "../../features/queue-admin";
import { adminSettingsQuery, InactivityTimeoutForm, NextStreamForm, QueueSwitch, SiteForm, StreamLinkForm } from "../../features/settings";
import { STREAM_TIME_ZONE } from "@common/admin";

export function SettingsPage() {
  useAdminQueueLive();
  const settings = useQuery(adminSettingsQuery());
  const values = settings.data;
  return (
    <AdminPage title="Queue Settings" kind="reading">
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
            <NextStreamForm current={values.nextStreamStartAt} zone={values.hostTimeZone ?? STREAM_TIME_ZONE} />
          </Stack>
        </Paper>
      )}
      {values && (
        <Paper radius="lg" p="lg" withBorder>
          <SiteForm values={values} />
        </Paper>
      )}
    </AdminPage>
  );
}
