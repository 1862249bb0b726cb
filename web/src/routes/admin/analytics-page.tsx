import "@mantine/charts/styles.css";
import { Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { AnalyticsTabs, useAnalyticsLive } from "../../features/analytics";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  useAnalyticsLive();
  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={1}>
            Analytics
          </Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <AnalyticsTabs />
      </Stack>
    </Page>
  );
}
