import "@mantine/charts/styles.css";
import { AdminPage } from "../../features/admin-shell";
import { AnalyticsTabs, useAnalyticsLive } from "../../features/analytics";

export function AnalyticsPage() {
  useAnalyticsLive();
  return (
    <AdminPage title="Analytics" kind="wide">
      <AnalyticsTabs />
    </AdminPage>
  );
}
