import type { ReactNode } from "react";
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { MESSAGES } from "@common/messages";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAdminSession, useAdminSignOut } from "../../features/admin-session";
import { AdminNavCard, adminPagesIn, type AdminSection } from "../../features/admin-shell";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2}>{title}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** The cards of one section, one per back-office page of that section. */
function PageCards({ section }: { section: AdminSection }) {
  return adminPagesIn(section).map((page) => <AdminNavCard key={page.path} title={page.label} description={page.description ?? ""} to={page.path} />);
}

export function AdminHomePage() {
  const { admin } = useAdminSession();
  const signOut = useAdminSignOut();
  useDocumentTitle("Admin");

  return (
    <Page kind="wide">
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1}>Admin</Title>
          <Group gap="xs">
            <Text c="dimmed">Signed in as {admin?.username}</Text>
            {admin?.is_super_admin && (
              <Badge variant="light" size="sm">
                Super admin
              </Badge>
            )}
          </Group>
          {admin && !admin.is_active && (
            <Alert color="yellow" variant="light" title="Your account is not active">
              {MESSAGES.adminInactive} Until then you can look at the queue but not change it.
            </Alert>
          )}
        </Stack>
        <Section title="Queue Management">
          <PageCards section="Queue Management" />
        </Section>
        <Section title="Analytics & Reports">
          <PageCards section="Analytics & Reports" />
        </Section>
        <Section title="Fast Pass Manager">
          <PageCards section="Fast Pass Manager" />
        </Section>
        <Stack gap="sm" component="section" aria-label="Quick Actions">
          <Title order={2}>Quick Actions</Title>
          <Group gap="sm">
            <Button component={Link} to="/" variant="default">
              Return Home
            </Button>
            <Button color="red" variant="light" onClick={() => void signOut()}>
              Logout
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Page>
  );
}
