import { Anchor, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, Navigate } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { AdminLoginForm, useAdminSession, useAfterLoginPath } from "../../features/admin";

export function AccessPage() {
  const { isInitialized, isAuthenticated } = useAdminSession();
  const next = useAfterLoginPath();
  if (!isInitialized) return <LoadingSpinner label="Checking your admin session…" />;
  if (isAuthenticated) return <Navigate to={next} replace />;
  return (
    <Container size={420} px="md" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Text fw={900} size="xl" variant="gradient" gradient={{ from: "violet.3", to: "grape.4" }}>
            LiveQueue
          </Text>
          <Title order={1} size="h2">
            Admin sign-in
          </Title>
          <Text c="dimmed" size="sm">
            The back-office for running the queue.
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p="lg">
          <AdminLoginForm />
        </Paper>
        <Anchor component={Link} to="/" size="sm" c="dimmed" ta="center">
          ← Back to the site
        </Anchor>
      </Stack>
    </Container>
  );
}
