import { Paper, SimpleGrid, Text } from "@mantine/core";

/** Placeholder cards for features that are not built yet. */
export function ComingSoonCards({ items }: { items: { title: string; text: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.title} withBorder radius="lg" px="md" py="sm" style={{ borderStyle: "dashed", opacity: 0.85 }}>
          <Text fw={700} size="sm" mb={2}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {item.text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
