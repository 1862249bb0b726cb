import { useState } from "react";
import { Alert, Badge, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { DRAFT_MESSAGES, isDraftComplete } from "@common/drafts";
import { errorMessage } from "@common/error-catalogue";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import { AudioFileField, IDLE_UPLOAD, type UploadProgress } from "../../files";
import { uploadDraftFile } from "../api";
import type { DraftAutosave } from "../use-draft-autosave";

const SAVE_TEXT = { idle: "Saved as you type", saving: "Saving…", saved: DRAFT_MESSAGES.saved } as const;

/** The draft's fields: like the submission form, but nothing is required until it is sent, and a file uploads as soon as it is chosen. */
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
      <TextInput
        label="Artist name"
        placeholder="Who made it?"
        value={fields.artist_name}
        onChange={(e) => update({ artist_name: e.currentTarget.value })}
        maxLength={TEXT_FIELD_MAX_LENGTH}
        data-autofocus
      />
      <TextInput
        label="Track title"
        placeholder="Song name"
        value={fields.track_title}
        onChange={(e) => update({ track_title: e.currentTarget.value })}
        maxLength={TEXT_FIELD_MAX_LENGTH}
      />
      <TextInput
        label="Channel username"
        placeholder="Anonymous"
        value={fields.youtube_username}
        onChange={(e) => update({ youtube_username: e.currentTarget.value })}
        maxLength={TEXT_FIELD_MAX_LENGTH}
      />
      <SegmentedControl
        value={fields.is_file ? "file" : "link"}
        onChange={(value) => update({ is_file: value === "file" })}
        data={[
          { label: "Link", value: "link" },
          { label: "File", value: "file" },
        ]}
        aria-label="Song source"
      />
      {fields.is_file ? (
        <Stack gap="xs">
          {fileExpired && (
            <Alert color="yellow" variant="light" role="alert">
              {DRAFT_MESSAGES.fileExpired}
            </Alert>
          )}
          <AudioFileField file={file} onChange={(chosen) => void chooseFile(chosen)} error={false} disabled={progress.state === "uploading"} progress={progress} notice={uploadProblem} required={false} />
          {!file && fields.file_key && fields.file_name && (
            <Text size="sm" c="dimmed">
              Saved file: {fields.file_name} (kept 24 hours)
            </Text>
          )}
        </Stack>
      ) : (
        <TextInput
          label="Song link"
          placeholder="https://…"
          type="url"
          inputMode="url"
          value={fields.link}
          onChange={(e) => update({ link: e.currentTarget.value })}
          maxLength={LINK_MAX_LENGTH}
        />
      )}
      <Textarea
        label="Note"
        placeholder="Anything the host should know (optional)"
        value={fields.message}
        onChange={(e) => update({ message: e.currentTarget.value })}
        maxLength={MESSAGE_MAX_LENGTH}
        autosize
        minRows={2}
        maxRows={5}
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
