import { Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { PlayedList, useAnalyticsLive } from "../../features/analytics";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function SubmissionsPlayedPage() {
  useDocumentTitle("Submissions Played");
  useAnalyticsLive();
  return (
    <Page kind="reading">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={1}>
            Submissions Played
          </Title>
          <Group gap="xs">
            <Button variant="default" component={Link} to="/analytics">
              Analytics
            </Button>
            <Button variant="default" component={Link} to="/admin">
              Return Admin Page
            </Button>
          </Group>
        </Group>
        <PlayedList heading="Newest first" />
      </Stack>
    </Page>
  );
}
