import { Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { Link } from "react-router";
import { BanForm, BanList, HostLimitsForm } from "../../features/moderation";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";

export function BansPage() {
  useDocumentTitle("Bans");
  return (
    <Page kind="reading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Bans</Title>
          <Button variant="default" component={Link} to="/admin">
            Return Admin Page
          </Button>
        </Group>
        <Text c="dimmed">A banned submitter or song, or a submission over one of your limits, is refused on submit with a clear message. Lifting a ban lets them back at once.</Text>
        <Suspense fallback={<Loader aria-label="Loading the limits" />}>
          <HostLimitsForm />
        </Suspense>
        <BanForm />
        <Suspense fallback={<Loader aria-label="Loading the bans" />}>
          <BanList />
        </Suspense>
      </Stack>
    </Page>
  );
}
