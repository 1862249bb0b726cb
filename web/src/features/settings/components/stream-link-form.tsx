import { useState } from "react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { LINK_MAX_LENGTH } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { toastSuccess } from "../../../components/toast";
import { useSaveSetting } from "../api";

/** The address of the live stream the site embeds; it cannot be saved empty. */
export function StreamLinkForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(current ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetting();
  const submit = () => {
    const link = value.trim();
    if (!link) return setProblem(MESSAGES.streamLinkEmpty);
    setProblem(null);
    save.mutate({ name: "youtubeStreamLink", state: link }, { onSuccess: () => toastSuccess("Stream link saved."), onError: (error) => setProblem(errorMessage(error)) });
  };
  return (
    <Stack gap="xs">
      <TextInput
        label="Stream link"
        description="The live video the site shows on /live"
        placeholder="https://www.youtube.com/watch?v=…"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={LINK_MAX_LENGTH}
        error={problem}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save link
        </Button>
      </Group>
    </Stack>
  );
}
