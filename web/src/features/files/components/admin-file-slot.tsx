import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { Entry } from "@common/queue";
import { scanStatusQuery } from "../api";
import { AudioPlayer } from "./audio-player";
import { ScanBadge, scanBadgeOf } from "./scan-status";

/**
 * What the host sees of an uploaded file on /access-queue: its scan status, asked again every 5 s
 * until the scan is over, and once it is clean a player to listen and seek before playing it.
 */
export function AdminFileSlot({ entry, pollMs }: { entry: Entry; pollMs?: number }) {
  const scan = useQuery({ ...scanStatusQuery(entry.file_key ?? "", { auth: "admin", pollMs }), enabled: !!entry.file_key });
  if (!entry.file_key) return null;
  return (
    <Stack gap={6}>
      <ScanBadge {...scanBadgeOf(scan.data, scan.isError)} />
      {scan.data?.state === "clean" && <AudioPlayer src={scan.data.url} title={entry.track_title} gainDb={scan.data.gainDb} />}
    </Stack>
  );
}
