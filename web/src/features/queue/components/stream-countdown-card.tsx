import { useEffect, useState } from "react";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { CalendarIcon } from "../../../components/icons";
import type { CalendarEvent } from "../../../lib/calendar";
import { AddToCalendarDialog } from "./lazy-modals";

function remaining(ms: number): { label: string; value: number }[] {
  const total = Math.max(0, Math.floor(ms / 1000));
  return [
    { label: "days", value: Math.floor(total / 86_400) },
    { label: "hours", value: Math.floor((total % 86_400) / 3600) },
    { label: "min", value: Math.floor((total % 3600) / 60) },
    { label: "sec", value: total % 60 },
  ];
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Counts down to the next stream; its button (named by its own words) offers to add it to a calendar. */
export function StreamCountdownCard({ startsAt }: { startsAt: string }) {
  const [open, dialog] = useDisclosure(false);
  const now = useNow(1000);
  const start = new Date(startsAt);
  const event: CalendarEvent = {
    title: "LiveQueue live stream",
    description: "The queue opens when the stream goes live. Bring your song!",
    url: window.location.origin,
    start,
  };
  const startsLabel = start.toLocaleString(undefined, { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
  const started = start.getTime() <= now;

  return (
    <>
      <Paper radius="lg" p="md" style={{ background: "linear-gradient(135deg, var(--mantine-color-violet-9), var(--mantine-color-grape-9))" }}>
        <Group justify="space-between" mb="xs">
          <Text size="xs" tt="uppercase" fw={700} c="violet.1">
            Next stream
          </Text>
          <CalendarIcon size={18} color="var(--mantine-color-violet-1)" />
        </Group>
        {started ? (
          <Text fw={700} size="lg">
            Starting any moment now
          </Text>
        ) : (
          <Group gap="md" justify="space-around" wrap="nowrap">
            {remaining(start.getTime() - now).map((part) => (
              <Stack key={part.label} gap={0} align="center">
                <Text fw={800} size="1.75rem" lh={1.1} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {String(part.value).padStart(2, "0")}
                </Text>
                <Text size="xs" c="violet.1">
                  {part.label}
                </Text>
              </Stack>
            ))}
          </Group>
        )}
        <Text size="sm" c="violet.1" ta="center" mt="xs">
          {startsLabel}
        </Text>
        <Group justify="center" mt={4}>
          <Button variant="white" color="violet" size="compact-sm" onClick={dialog.open}>
            Add the next stream to your calendar
          </Button>
        </Group>
      </Paper>
      <AddToCalendarDialog opened={open} onClose={dialog.close} event={event} startsLabel={startsLabel} />
    </>
  );
}
