import { Stack, Text, type MantineSize } from "@mantine/core";

/** A figure with its label under it, as in the queue overview and profile cards. */
export function StatCount({ label, value, size = "lg" }: { label: string; value: string | number; size?: MantineSize }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={800} size={size}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
    </Stack>
  );
}
