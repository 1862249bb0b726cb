import { Badge, Group, Text } from "@mantine/core";
import { FILE_MESSAGES } from "@common/files";
import type { FileScanStatus, Queuer } from "@common/queue";

const SCAN: Record<FileScanStatus, { label: string; color: string }> = {
  pending: { label: FILE_MESSAGES.scanning, color: "yellow" },
  clean: { label: FILE_MESSAGES.scanned, color: "teal" },
  error: { label: FILE_MESSAGES.scanError, color: "red" },
};

/**
 * The scan status of an uploaded file, from the list itself (the lists are polled while a scan runs).
 * The files feature can show its own status and player instead through the card's `fileSlot`.
 */
export function EntryFileStatus({ entry }: { entry: Queuer }) {
  if (!entry.file_key) return null;
  const scan = entry.file_status ? SCAN[entry.file_status] : { label: FILE_MESSAGES.scanUnavailable, color: "gray" };
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        File:
      </Text>
      <Badge size="sm" variant="light" color={scan.color}>
        {scan.label}
      </Badge>
    </Group>
  );
}
