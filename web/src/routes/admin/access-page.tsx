import { Anchor, Box, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, Navigate } from "react-router";
import { Footer } from "../../components/footer";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Page } from "../../components/page";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AdminLoginForm, useAdminSession, useAfterLoginPath } from "../../features/admin-session";

export function AccessPage() {
  const { isInitialized, isAuthenticated } = useAdminSession();
  const next = useAfterLoginPath();
  useDocumentTitle("Admin sign-in");
  if (!isInitialized) return <LoadingSpinner label="Checking your admin session…" />;
  if (isAuthenticated) return <Navigate to={next} replace />;
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Box component="main" style={{ flex: 1 }} pt={{ base: "md", sm: 64 }}>
        <Page kind="reading">
          <Stack gap="lg" maw={420} mx="auto">
            <Stack gap={4} ta="center">
              <Text fw={900} size="xl" variant="gradient" gradient={{ from: "violet.3", to: "grape.4" }}>
                LiveQueue
              </Text>
              <Title order={1}>Admin sign-in</Title>
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
        </Page>
      </Box>
      <Footer />
    </Box>
  );
}
