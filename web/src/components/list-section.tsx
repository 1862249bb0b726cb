import type { ReactNode } from "react";
import { Alert, Badge, Collapse, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ChevronIcon } from "./icons";

/** A list of the live page in its card: the title and how many it holds, open until the visitor folds it. */
export function ListSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const [open, toggle] = useDisclosure(true);
  return (
    <Paper radius="lg" p="md" bg="dark.7" component="section" aria-label={title}>
      <UnstyledButton onClick={toggle.toggle} w="100%" aria-expanded={open}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {title}
            </Text>
            <Badge variant="light" size="md">
              {count}
            </Badge>
          </Group>
          <ChevronIcon open={open} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="xs" pt="md">
          {children}
        </Stack>
      </Collapse>
    </Paper>
  );
}

/** Shown in a live list whose last read failed; the next update fills it again. */
export function ListLoadFailed() {
  return (
    <Alert color="red" variant="light">
      Could not load this list. It will refresh on the next update.
    </Alert>
  );
}
