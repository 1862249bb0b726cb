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

/** Priority songs against regular ones, in the same colours on every chart. */
export const PRIORITY_SERIES = [
  { name: "Priority", color: "grape.4" },
  { name: "Regular", color: "gray.5" },
];

/** A chart of counts: whole numbers on the axis, no tick marks. */
export const COUNT_AXIS = { tickLine: "none", yAxisProps: { allowDecimals: false } } as const;
