import { Button } from "@mantine/core";
import { Link } from "react-router";
import { AdminPage } from "../../features/admin-shell";
import { PlayedList, useAnalyticsLive } from "../../features/analytics";

export function SubmissionsPlayedPage() {
  useAnalyticsLive();
  const toAnalytics = (
    <Button variant="default" component={Link} to="/analytics">
      Analytics
    </Button>
  );
  return (
    <AdminPage title="Submissions Played" kind="reading" actions={toAnalytics}>
      <PlayedList heading="Newest first" />
    </AdminPage>
  );
}
