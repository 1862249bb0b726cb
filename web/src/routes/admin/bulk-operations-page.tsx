import { Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { BulkOperationsPanel } from "../../features/bulk";
import { LiveStatus } from "../../features/queue-admin";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function BulkOperationsPage() {
  useDocumentTitle("Bulk Operations");
  return (
    <Page kind="wide">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1}>
              Bulk Operations
            </Title>
            <LiveStatus />
          </Stack>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <BulkOperationsPanel />
      </Stack>
    </Page>
  );
}
