import { useState } from "react";
import { Alert, FileInput, Stack } from "@mantine/core";
import { checkAudioFile } from "@common/files";
import { ALLOWED_AUDIO_EXTENSIONS } from "@common/limits";
import { UploadStatus, type UploadProgress } from "./upload-status";

const ACCEPT = ["audio/*", ...ALLOWED_AUDIO_EXTENSIONS.map((extension) => `.${extension}`)].join(",");

export interface AudioFileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form asked for a file and none is chosen. */
  error: boolean;
  disabled: boolean;
  progress: UploadProgress;
  /** Why a retried upload was refused (shown under the progress). */
  notice?: string | null;
}

/**
 * The audio file picker: a file of the wrong type or over 100 MB is refused on the spot with the
 * spec's message, before any byte is sent. Below it, the upload's progress.
 */
export function AudioFileField({ file, onChange, error, disabled, progress, notice }: AudioFileFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    const found = chosen ? checkAudioFile({ name: chosen.name, type: chosen.type, size: chosen.size }) : null;
    setProblem(found);
    onChange(found ? null : chosen);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label="Audio file"
        description="mp3, wav, m4a, aac or flac, up to 100 MB"
        placeholder="Choose a file"
        accept={ACCEPT}
        value={file}
        onChange={choose}
        error={problem ?? error}
        disabled={disabled}
        clearable
        withAsterisk
      />
      <UploadStatus progress={progress} />
      {notice && (
        <Alert color="red" variant="light" role="alert">
          {notice}
        </Alert>
      )}
    </Stack>
  );
}
