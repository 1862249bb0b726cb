import { Badge, Card, Group, Text } from "@mantine/core";
import { Link } from "react-router";

interface AdminNavCardProps {
  title: string;
  description: string;
  /** Absent for a page that does not exist yet: the card is shown as 'Coming soon' and leads nowhere. */
  to?: string;
}

/** One destination of the admin home. */
export function AdminNavCard({ title, description, to }: AdminNavCardProps) {
  const body = (
    <>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700}>{title}</Text>
        {to ? (
          <Text c="violet.3" fw={700} aria-hidden>
            →
          </Text>
        ) : (
          <Badge variant="light" color="gray" size="sm">
            Coming soon
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </>
  );
  if (!to) {
    return (
      <Card withBorder radius="md" padding="md" aria-disabled style={{ opacity: 0.6 }}>
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={to}>
      {body}
    </Card>
  );
}
