import { Badge, Paper, SimpleGrid, Text } from "@mantine/core";

/** Placeholder cards for features that are not built yet. */
export function ComingSoonCards({ items }: { items: { title: string; text: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.title} withBorder radius="lg" p="md" style={{ borderStyle: "dashed", opacity: 0.85 }}>
          <Text fw={700} mb={4}>
            {item.title}{" "}
            <Badge size="xs" variant="light" color="gray" ml={4}>
              Soon
            </Badge>
          </Text>
          <Text size="sm" c="dimmed">
            {item.text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
