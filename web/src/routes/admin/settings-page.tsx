import { Divider, Paper, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/query-state";
import { AdminPage } from "../../features/admin-shell";
import { useAdminQueueLive } from "../../features/queue-admin";
import {
  adminSettingsQuery,
  approvalFlag,
  FlagSwitch,
  InactivityTimeoutForm,
  NextStreamForm,
  QueueSwitch,
  SiteForm,
  SkipVoteThresholdForm,
  StreamLinkForm,
} from "../../features/settings";
import { PlayerSettingsForm } from "../../features/player";
import { STREAM_TIME_ZONE } from "@common/admin";
import { YoutubeQuotaCard } from "../../features/song-details";

export function SettingsPage() {
  useAdminQueueLive();
  const settings = useQuery(adminSettingsQuery());
  const values = settings.data;
  return (
    <AdminPage title="Queue Settings" kind="reading">
      <QueryState query={settings} height={320} radius="lg" failedTitle="Could not load the settings" />
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
            <Divider />
            <PlayerSettingsForm autoAdvance={values.autoAdvance} gapSeconds={values.autoAdvanceGapSeconds} songLimitSeconds={values.songLimitSeconds} />
          </Stack>
        </Paper>
      )}
      {values && (
        <Paper radius="lg" p="lg" withBorder component="section" aria-label="Votes to skip and approval">
          <Stack gap="lg">
            <SkipVoteThresholdForm current={values.skipVoteThreshold} />
            <Divider />
            <FlagSwitch {...approvalFlag} isOn={values.approvalFirst === "true"} />
          </Stack>
        </Paper>
      )}
      {values && (
        <Paper radius="lg" p="lg" withBorder>
          <SiteForm values={values} />
        </Paper>
      )}
      <YoutubeQuotaCard />
    </AdminPage>
  );
}
