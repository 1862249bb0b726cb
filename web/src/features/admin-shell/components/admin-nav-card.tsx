import { Card, Group, Text } from "@mantine/core";
import { Link } from "react-router";

interface AdminNavCardProps {
  title: string;
  description: string;
  to: string;
}

/** One destination of the admin home. */
export function AdminNavCard({ title, description, to }: AdminNavCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={to}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700}>{title}</Text>
        <Text c="violet.3" fw={700} aria-hidden>
          →
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Card>
  );
}
