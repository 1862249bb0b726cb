import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { AuditLog } from "../../features/audit";

export function AuditPage() {
  return (
    <Container size="md" px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Audit log
            </Title>
            <Text c="dimmed" size="sm">
              Every change made from the back-office: who, what, to which entry, when and why.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" component={Link} to="/access-queue">
              Manage Queue
            </Button>
            <Button variant="default" component={Link} to="/admin">
              Return Admin Page
            </Button>
          </Group>
        </Group>
        <AuditLog />
      </Stack>
    </Container>
  );
}
