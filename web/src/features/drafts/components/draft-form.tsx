import { useState } from "react";
import { Alert, Badge, Group, Stack, Text } from "@mantine/core";
import { DRAFT_MESSAGES, isDraftComplete } from "@common/drafts";
import { errorMessage } from "@common/error-catalogue";
import { SongFields } from "../../../components/song-fields";
import { AudioFileField, IDLE_UPLOAD, type UploadProgress } from "../../files";
import { uploadDraftFile } from "../api";
import type { DraftAutosave } from "../use-draft-autosave";

const SAVE_TEXT = { idle: "Saved as you type", saving: "Saving…", saved: DRAFT_MESSAGES.saved } as const;

/** The song form as a draft: nothing is required until it is sent, and a file uploads as soon as it is chosen. */
export function DraftForm({ autosave }: { autosave: DraftAutosave }) {
  const { fields, update, state, error, fileExpired } = autosave;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress>(IDLE_UPLOAD);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const complete = isDraftComplete(fields);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setUploadProblem(null);
    if (!chosen) {
      setProgress(IDLE_UPLOAD);
      update({ file_key: null, file_name: null, file_type: null });
      return;
    }
    setProgress({ state: "uploading", fraction: 0 });
    try {
      const key = await uploadDraftFile(chosen, (fraction) => setProgress({ state: "uploading", fraction }));
      setProgress({ state: "success", fraction: 1 });
      update({ is_file: true, file_key: key, file_name: chosen.name, file_type: chosen.type || null });
    } catch (failure) {
      setProgress({ state: "error", fraction: 0 });
      setUploadProblem(errorMessage(failure, "submit"));
    }
  };

  return (
    <Stack gap="sm">
      <SongFields
        values={fields}
        onChange={update}
        source={fields.is_file ? "file" : "link"}
        onSourceChange={(source) => update({ is_file: source === "file" })}
        fileSlot={
          <Stack gap="xs">
            {fileExpired && (
              <Alert color="yellow" variant="light" role="alert">
                {DRAFT_MESSAGES.fileExpired}
              </Alert>
            )}
            <AudioFileField
              file={file}
              onChange={(chosen) => void chooseFile(chosen)}
              error={false}
              disabled={progress.state === "uploading"}
              progress={progress}
              notice={uploadProblem}
              required={false}
            />
            {!file && fields.file_key && fields.file_name && (
              <Text size="sm" c="dimmed">
                Saved file: {fields.file_name} (kept 24 hours)
              </Text>
            )}
          </Stack>
        }
      />
      <Group justify="space-between" gap="xs">
        <Badge variant="light" color={complete ? "teal" : "yellow"}>
          {complete ? "Ready to send" : "Needs artist, title and a link or file"}
        </Badge>
        <Text size="xs" c={error ? "red.4" : "dimmed"} role="status">
          {error ?? SAVE_TEXT[state === "error" ? "idle" : state]}
        </Text>
      </Group>
    </Stack>
  );
}
