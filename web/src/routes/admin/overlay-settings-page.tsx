import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { OverlayBuilder } from "../../features/overlay";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function OverlaySettingsPage() {
  useDocumentTitle("Stream overlay");
  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Stream overlay</Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <Text c="dimmed">Show the song playing and the next ones on your stream, live, over a transparent background.</Text>
        <OverlayBuilder />
      </Stack>
    </Page>
  );
}
