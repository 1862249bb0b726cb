import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { FastPassManager } from "../../features/loyalty";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function FastPassPage() {
  useDocumentTitle("Grant Fast Passes");
  return (
    <Page kind="reading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>
            Grant Fast Passes
          </Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <Text c="dimmed">A member spends one token to go ahead of regular entries: Super VIP first, then VIP, then Premium.</Text>
        <FastPassManager />
      </Stack>
    </Page>
  );
}
