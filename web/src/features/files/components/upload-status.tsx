import { Group, Progress, Stack, Text } from "@mantine/core";
import { FILE_MESSAGES } from "@common/files";

/** The spec's upload states. */
export type UploadState = "idle" | "uploading" | "success" | "error";

export interface UploadProgress {
  state: UploadState;
  /** 0..1 of the bytes sent. */
  fraction: number;
}

export const IDLE_UPLOAD: UploadProgress = { state: "idle", fraction: 0 };

const LABELS: Record<Exclude<UploadState, "idle">, (percent: number) => string> = {
  uploading: (percent) => `Uploading… ${percent}%`,
  success: () => "Uploaded",
  error: () => FILE_MESSAGES.uploadFailedStatus,
};

const COLORS: Record<Exclude<UploadState, "idle">, string> = { uploading: "blue", success: "teal", error: "red" };

/** A real progress bar of the bytes sent, and the state in words; nothing while idle. */
export function UploadStatus({ progress }: { progress: UploadProgress }) {
  if (progress.state === "idle") return null;
  const percent = Math.round(progress.fraction * 100);
  return (
    <Stack gap={4}>
      <Progress value={progress.state === "error" ? 100 : percent} color={COLORS[progress.state]} animated={progress.state === "uploading"} aria-label="Upload progress" />
      <Group justify="space-between">
        <Text size="xs" c={progress.state === "error" ? "red" : "dimmed"} role="status">
          {LABELS[progress.state](percent)}
        </Text>
      </Group>
    </Stack>
  );
}
