import { useState } from "react";
import { Alert, FileInput, Stack } from "@mantine/core";
import { ALLOWED_AUDIO_TYPES, checkAudioFile } from "@common/files";
import { ALLOWED_AUDIO_EXTENSIONS, MAX_UPLOAD_BYTES } from "@common/limits";
import { UploadStatus, type UploadProgress } from "./upload-status";

const ACCEPT = [...ALLOWED_AUDIO_TYPES, ...ALLOWED_AUDIO_EXTENSIONS.map((extension) => `.${extension}`)].join(",");

/** "mp3, wav, m4a, aac or flac, up to 100 MB", from the shared limits. */
export const AUDIO_FILE_HINT = `${ALLOWED_AUDIO_EXTENSIONS.slice(0, -1).join(", ")} or ${ALLOWED_AUDIO_EXTENSIONS.at(-1)}, up to ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

export interface AudioFileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form asked for a file and none is chosen. */
  error: boolean;
  disabled: boolean;
  progress: UploadProgress;
  /** Why a retried upload was refused (shown under the progress). */
  notice?: string | null;
  /** Marked as required (a submission); a draft may be saved without a file. */
  required?: boolean;
}

/**
 * The audio file picker: a file of the wrong type or over the size limit is refused on the spot with the
 * spec's message, before any byte is sent. Below it, the upload's progress.
 */
export function AudioFileField({ file, onChange, error, disabled, progress, notice, required = true }: AudioFileFieldProps) {
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
        description={AUDIO_FILE_HINT}
        placeholder="Choose a file"
        accept={ACCEPT}
        value={file}
        onChange={choose}
        error={problem ?? error}
        disabled={disabled}
        clearable
        clearButtonProps={{ "aria-label": "Remove file" }}
        withAsterisk={required}
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
