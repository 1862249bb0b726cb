import { Stack, Text } from "@mantine/core";
import { describeUtc } from "../eastern-time";

/** A UTC time as Eastern time and as this browser's local time. */
export function DateHelper({ label, iso }: { label: string; iso: string | null }) {
  const shown = iso ? describeUtc(iso) : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {shown ? (
        <>
          <Text size="sm">
            <Text span c="dimmed">
              Eastern:{" "}
            </Text>
            {shown.eastern}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Your time:{" "}
            </Text>
            {shown.local}
          </Text>
          <Text size="xs" c="dimmed">
            UTC: {iso}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Not set
        </Text>
      )}
    </Stack>
  );
}
