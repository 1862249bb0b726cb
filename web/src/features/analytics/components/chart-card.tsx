import type { ReactNode } from "react";
import { Paper, Stack, Text, Title } from "@mantine/core";

/**
 * A titled chart with the sentence a screen reader (and anyone) gets instead of the picture; the
 * picture itself is hidden from assistive technology (charts are drawn with accessibilityLayer off,
 * so nothing in it takes the focus).
 */
export function ChartCard({ title, summary, children }: { title: string; summary: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children && <div aria-hidden>{children}</div>}
        <Text size="sm" c="dimmed" component="figcaption">
          {summary}
        </Text>
      </Stack>
    </Paper>
  );
}
