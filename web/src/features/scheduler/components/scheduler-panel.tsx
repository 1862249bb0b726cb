import type { ReactNode } from "react";
import { Paper, Stack, Title } from "@mantine/core";

interface SchedulerPanelProps {
  title: string;
  /** The heading's id, which names the section. */
  titleId: string;
  gap: "sm" | "md";
  children: ReactNode;
}

/** A bordered section of the scheduler page, named by its heading. */
export function SchedulerPanel({ title, titleId, gap, children }: SchedulerPanelProps) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap={gap}>
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
