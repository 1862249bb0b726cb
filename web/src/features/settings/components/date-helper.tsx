import { Stack, Text } from "@mantine/core";
import { STREAM_TIME_ZONE } from "@common/admin";
import { describeUtc, zoneLabel } from "../eastern-time";

/** A UTC time in the host's time zone (Eastern unless chosen on Settings) and in this browser's local time. */
export function DateHelper({ label, iso, zone = STREAM_TIME_ZONE }: { label: string; iso: string | null; zone?: string }) {
  const shown = iso ? describeUtc(iso, { hostZone: zone }) : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {shown ? (
        <>
          <Text size="sm">
            <Text span c="dimmed">
              {zoneLabel(zone)}:{" "}
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
