import { Paper, Text } from "@mantine/core";

/** One labelled number of a figures grid. */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="lg" lh={1.3}>
        {value}
      </Text>
    </Paper>
  );
}
