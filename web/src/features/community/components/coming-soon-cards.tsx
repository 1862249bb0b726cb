import { Anchor, Paper, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";

export interface ComingSoonItem {
  title: string;
  text: string;
  /** Where the part of it that already works lives. */
  link?: { to: string; label: string };
}

/** Placeholder cards for features that are not built yet. */
export function ComingSoonCards({ items }: { items: ComingSoonItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.title} withBorder radius="lg" px="md" py="sm" style={{ borderStyle: "dashed" }}>
          <Text fw={700} size="sm" mb={2}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {item.text}
          </Text>
          {item.link && (
            <Anchor component={Link} to={item.link.to} size="xs" mt={4} display="inline-block">
              {item.link.label}
            </Anchor>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
