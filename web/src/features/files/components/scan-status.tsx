import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { FILE_MESSAGES } from "@common/files";
import { scanStatusQuery, type ScanResult } from "../api";

const LOOK: Record<ScanResult["state"] | "unavailable", { label: string; color: string }> = {
  pending: { label: FILE_MESSAGES.scanning, color: "yellow" },
  clean: { label: FILE_MESSAGES.scanned, color: "teal" },
  error: { label: FILE_MESSAGES.scanError, color: "red" },
  unavailable: { label: FILE_MESSAGES.scanUnavailable, color: "gray" },
};

export interface ScanStatusProps {
  fileKey: string;
  auth?: "auto" | "admin";
  /** How often to ask again while the scan runs (the spec's 5 s by default). */
  pollMs?: number;
}

/** A file's scan status, asked of the server and asked again until the scan is over. */
export function ScanStatus({ fileKey, auth, pollMs }: ScanStatusProps) {
  const scan = useQuery(scanStatusQuery(fileKey, { auth, pollMs }));
  return <ScanBadge result={scan.data} failed={scan.isError} />;
}

export function ScanBadge({ result, failed }: { result: ScanResult | undefined; failed: boolean }) {
  const state = failed ? "unavailable" : (result?.state ?? "pending");
  const look = LOOK[state];
  const reason = result?.state === "error" ? result.reason : null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        File:
      </Text>
      <Tooltip label={reason} disabled={!reason} withinPortal multiline maw={320}>
        <Badge size="sm" variant="light" color={look.color} aria-label={reason ? `${look.label}: ${reason}` : look.label}>
          {look.label}
        </Badge>
      </Tooltip>
    </Group>
  );
}
