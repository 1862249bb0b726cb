import { Badge, Group, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { FILE_MESSAGES } from "@common/files";
import type { FileScanStatus } from "@common/queue";
import type { ScanResult } from "../api";

/** A file's scan as shown: the server's status, or unavailable when it could not be read. */
export type ScanState = FileScanStatus | "unavailable";

const LOOK: Record<ScanState, { label: string; color: string }> = {
  pending: { label: FILE_MESSAGES.scanning, color: "yellow" },
  clean: { label: FILE_MESSAGES.scanned, color: "teal" },
  error: { label: FILE_MESSAGES.scanError, color: "red" },
  unavailable: { label: FILE_MESSAGES.scanUnavailable, color: "gray" },
};

/** What a scan query says as a badge: pending until it answers, unavailable when it failed. */
export function scanBadgeOf(result: ScanResult | undefined, failed: boolean): { state: ScanState; reason: string | null } {
  if (failed) return { state: "unavailable", reason: null };
  return { state: result?.state ?? "pending", reason: result?.state === "error" ? result.reason : null };
}

/** 'File:' and the scan's badge, the same on the public list and the back-office; a failed scan's reason on hover. */
export function ScanBadge({ state, reason = null }: { state: ScanState; reason?: string | null }) {
  const look = LOOK[state];
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        File:
      </Text>
      <Tooltip label={reason} disabled={!reason} withinPortal multiline maw={320}>
        <Badge size="sm" variant="light" color={look.color}>
          {look.label}
          {reason && <VisuallyHidden>: {reason}</VisuallyHidden>}
        </Badge>
      </Tooltip>
    </Group>
  );
}
