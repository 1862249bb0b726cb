import { Alert, Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { ADMIN_MESSAGES } from "@common/admin";
import { MESSAGES } from "@common/messages";
import { toastError } from "../../components/toast";
import { AdminNavCard, useAdminSession } from "../../features/admin";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

export function AdminHomePage() {
  const { admin, logout } = useAdminSession();
  const navigate = useNavigate();
  const signOut = async () => {
    const { failed } = await logout();
    if (failed) toastError(ADMIN_MESSAGES.connectionFailed);
    void navigate("/access", { replace: true });
  };

  return (
    <Container size="lg" px="md" py="lg">
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Admin
          </Title>
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
          <AdminNavCard title="Manage Queue" description="Play, hold, release and remove submissions; set priority tiers." to="/access-queue" />
          <AdminNavCard title="Queue Settings" description="Open or close the queue, the stream link, the inactivity timeout and the next stream start." to="/settings" />
          <AdminNavCard title="Scheduler" description="Open and close the queue automatically." />
          <AdminNavCard title="Bulk Operations" description="Move or remove many users at once." />
        </Section>
        <Section title="Analytics & Reports">
          <AdminNavCard title="Analytics" description="Sessions, priority analytics and submissions played." />
          <AdminNavCard title="Submissions Played" description="Everything played so far." />
        </Section>
        <Section title="Fast Pass Manager">
          <AdminNavCard title="Grant Fast Passes" description="Find users and add priority tokens by tier." />
        </Section>
        <Stack gap="sm" component="section" aria-label="Quick Actions">
          <Title order={2} size="h4">
            Quick Actions
          </Title>
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
    </Container>
  );
}
